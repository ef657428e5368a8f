import { ActivityListScreen } from './H5Screens';

/** /user-platform/h5ActivityMaking/index */
export default function ActivityIndexPage() {
  return <ActivityListScreen type="activityHome" />;
}
