import { Navigate, useLocation } from 'react-router';

/** /newMailCsBoard is the same board as /mail/csBoard (the guard redirects first; this covers a direct render). */
export default function CsBoardRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/mail/csBoard${search}`} replace />;
}
