import { Navigate, useLocation } from 'react-router';

/** /mail opens the buyer messages (the guard redirects first; this covers a direct render). */
export default function MailRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/mail/index${search}`} replace />;
}
