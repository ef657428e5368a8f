import { Navigate, useLocation } from 'react-router';

/** /performance opens the reviews (spec §2.3; the guard redirects first; this covers a direct render). */
export default function PerformanceRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/performance/index${search}`} replace />;
}
