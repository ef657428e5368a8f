import { Navigate, useLocation } from 'react-router';

/** /productMgr opens the product list (the guard redirects first; this covers a direct render). */
export default function ProductsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/productMgr/list${search}`} replace />;
}
