import { Navigate, Outlet, useParams } from 'react-router';
import { findSchemeByUrlName } from '../lib/schemes';
import { paths } from '../lib/paths';

/** /:productUrlName — one area per brand scheme; an unknown product goes home. */
export function ProductLayout() {
  const { productUrlName } = useParams();
  if (!findSchemeByUrlName(productUrlName)) return <Navigate to={paths.home()} replace />;
  return <Outlet />;
}
