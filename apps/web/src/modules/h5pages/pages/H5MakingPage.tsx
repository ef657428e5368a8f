import { H5MakingScreen } from './H5Screens';

/** /user-platform/h5Making */
export default function H5MakingPage() {
  return <H5MakingScreen />;
}
