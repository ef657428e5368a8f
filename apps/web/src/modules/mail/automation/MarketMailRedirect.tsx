import { Navigate } from 'react-router';

/** /marketMail: the plan list. */
export default function MarketMailRedirect() {
  return <Navigate to="/marketMail/list" replace />;
}
