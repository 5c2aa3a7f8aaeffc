import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { AdminLayout, Loading, RegisterScreen } from './lazy-screens';
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

/**
 * Login: an admin who is already logged in goes to the services list, or back to the
 * admin page RequireAdmin sent them from. A login stores the admin in the query cache, which
 * re-renders this guard before the login screen's own navigation; both must agree on the target.
 */
export function GuestOnly() {
  const { data: admin, isPending } = useQuery(authQueries.me());
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (admin) return <Navigate to={afterLogin(location.state)} replace />;
  return <Outlet />;
}

/**
 * /admin/register: signed out, the register screen; signed in, the same form inside the admin
 * layout, to add a further administrator.
 */
export function RegisterRoute() {
  const { data: admin, isPending } = useQuery(authQueries.me());
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (!admin) {
    return (
      <Loading>
        <RegisterScreen />
      </Loading>
    );
  }
  return (
    <Loading>
      <AdminLayout>
        <Loading>
          <RegisterScreen addingAdmin />
        </Loading>
      </AdminLayout>
    </Loading>
  );
}

/** Where a login leads: the admin page a guard came from, else the services list. */
export function afterLogin(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  const isAdminPage = typeof from === 'string' && (from === paths.admin || from.startsWith(`${paths.admin}/`));
  return isAdminPage && !from.startsWith(paths.login) && !from.startsWith(paths.register) ? from : paths.services.list;
}
