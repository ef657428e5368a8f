import { ActivityEditScreen } from './H5Screens';

/** /user-platform/h5ActivityMaking/editNewProductIntro */
export default function EditNewProductIntroPage() {
  return <ActivityEditScreen type="newProductIntro" />;
}
