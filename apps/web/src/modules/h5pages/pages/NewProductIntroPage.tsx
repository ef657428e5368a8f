import { ActivityListScreen } from './H5Screens';

/** /user-platform/h5ActivityMaking/newProductIntro */
export default function NewProductIntroPage() {
  return <ActivityListScreen type="newProductIntro" />;
}
