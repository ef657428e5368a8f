import { Navigate } from 'react-router';

/** /smartMail: the task list. */
export default function SmartMailRedirect() {
  return <Navigate to="/smartMail/task" replace />;
}
