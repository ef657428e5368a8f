import { Navigate, useLocation } from 'react-router';

/** /backMgr opens the documents (spec §2.2; the guard redirects first; this covers a direct render). */
export default function BackMgrRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/backMgr/docList${search}`} replace />;
}
