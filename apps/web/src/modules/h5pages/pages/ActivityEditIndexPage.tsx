import { ActivityEditScreen } from './H5Screens';

/** /user-platform/h5ActivityMaking/editIndex */
export default function ActivityEditIndexPage() {
  return <ActivityEditScreen type="activityHome" />;
}
