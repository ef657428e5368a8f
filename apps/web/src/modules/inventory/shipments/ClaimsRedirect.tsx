import { Navigate, useLocation } from 'react-router';

/** /fbaClaim opens the claim list (the guard redirects first; this covers a direct render). */
export default function ClaimsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/fbaClaim/index${search}`} replace />;
}
