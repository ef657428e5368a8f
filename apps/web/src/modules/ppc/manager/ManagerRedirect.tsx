import { Navigate, useLocation } from 'react-router';

/** /ppcMgr opens the SP campaigns (the guard redirects first; this covers a direct render). */
export default function ManagerRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/ppcMgr/sp/campaigns${search}`} replace />;
}
