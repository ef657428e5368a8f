import { Navigate, useLocation } from 'react-router';

/** /backMgr opens the notices (the guard redirects first; this covers a direct render). */
export default function BackMgrRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/backMgr/notice${search}`} replace />;
}
