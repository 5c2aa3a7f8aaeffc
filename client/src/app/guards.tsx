import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { authQueries } from '../features/auth/api/auth';
import { paths } from './paths';

/** Admin screens: without a logged-in admin, to the login screen. The server enforces the same. */
export function RequireAdmin() {
  const { data: admin, isPending } = useQuery(authQueries.me());
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (!admin) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Login and register: an admin who is already logged in goes to the services list. */
export function GuestOnly() {
  const { data: admin, isPending } = useQuery(authQueries.me());
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (admin) return <Navigate to={paths.services.list} replace />;
  return <Outlet />;
}
