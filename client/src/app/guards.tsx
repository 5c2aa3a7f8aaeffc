import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type NavigateFunction } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { useCan, useRulesKnown, type Permission } from '../lib/can';
import { isPreviewPath } from '../lib/site-address';
import { useDocumentTitle } from '../lib/use-document-title';
import { ForbiddenScreen, Loading, RegisterScreen, SecondFactorGate } from './lazy-screens';
import { adminRemembered, authQueries, sessionEndedByItself, type Admin } from '../features/auth/api/auth';
import { adminQueries } from '../features/admins/api/admins';
import { paths } from './paths';
import './guards.css';

/**
 * While the session is checked: a spinner, or, when the server could not answer (unreachable or
 * a 5xx, after the query's retries), says so with Retry, rather than passing for "logged out".
 */
function SessionPending({ me }: { me: UseQueryResult<Admin | null> }) {
  if (me.isPending && !me.isError) return <PageSpinner label="Checking your session" />;
  return <ServerUnreachable onRetry={() => void me.refetch()} retrying={me.isFetching} />;
}

function ServerUnreachable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle('Cannot reach the server');
  return (
    <main className="unreachable">
      <div role="alert">
        <h1>Cannot reach the server</h1>
        <p>The admin panel could not check your session. Check your connection, then try again.</p>
      </div>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </main>
  );
}

/**
 * The session's state, unsettled while it is checked or the server cannot be reached. `guestNow`:
 * the check is still under way but this browser remembers no admin, so a screen for guests can
 * show at once (the check finishes behind it and redirects if the server knows a session after all).
 */
function useSession() {
  const me = useQuery(authQueries.me());
  const settled = me.data !== undefined;
  return { me, settled, admin: me.data ?? null, guestNow: !settled && me.isPending && !me.isError && !adminRemembered() };
}

/**
 * Admin screens: without a logged-in admin, to the login screen; with REQUIRE_SECOND_FACTOR and
 * none set up, its setup instead of the panel. The server enforces the same.
 */
export function RequireAdmin() {
  const { me, settled, admin } = useSession();
  const location = useLocation();
  const secondFactor = useQuery({ ...adminQueries.secondFactor(), enabled: admin !== null });
  const registration = useQuery({ ...authQueries.registration(), enabled: settled && !admin });
  if (!settled) return <SessionPending me={me} />;
  // A site with no administrator yet opens Register: there is nobody to log in as. Unanswered, the login screen.
  if (!admin && registration.isPending) return <PageSpinner label="Checking your session" />;
  if (!admin && registration.data?.firstAdmin) return <Navigate to={paths.register} replace />;
  if (!admin)
    return (
      <Navigate to={paths.login} replace state={{ from: location.pathname + location.search, sessionEnded: sessionEndedByItself() }} />
    );
  // A status that cannot be read lets the panel show: the server still refuses what it must.
  if (secondFactor.isPending) return <PageSpinner label="Checking your session" />;
  if (secondFactor.data?.required && !secondFactor.data.enabled) {
    return (
      <Loading>
        <SecondFactorGate admin={admin} />
      </Loading>
    );
  }
  return <Outlet />;
}

/**
 * Login: an admin who is already logged in when the screen opens goes to the services list (as the
 * spec says); one who has just logged in here goes to the dashboard. Either way, back to the admin
 * page RequireAdmin sent them from, if any. A login stores the admin in the query cache, which
 * re-renders this guard before the login screen's own navigation; both must agree on the target,
 * so the guard remembers whether it showed the form to someone the server knew as signed out.
 */
export function GuestOnly() {
  const { me, settled, admin, guestNow } = useSession();
  const location = useLocation();
  const [showedForm, setShowedForm] = useState(false);
  if (!settled && !guestNow) return <SessionPending me={me} />;
  if (admin) return <GoTo to={afterLogin(location, showedForm ? paths.admin : paths.services.list)} />;
  // Only once the server has said there is no session: a form shown while the check was still
  // under way (guestNow) may be followed by a session that existed all along.
  // React's way of keeping what an earlier render saw: set while rendering, read by the next one.
  if (settled && !showedForm) setShowedForm(true);
  return <Outlet />;
}

/**
 * /admin/register: signed out, the register screen; signed in, the Admins screen's invitation,
 * which adds a further administrator (who chooses their own password). RequireAdmin sends a site with no administrator here.
 */
export function RegisterRoute() {
  const { me, settled, admin, guestNow } = useSession();
  const [showedForm, setShowedForm] = useState(false);
  if (!settled && !guestNow) return <SessionPending me={me} />;
  if (!admin) {
    // As in GuestOnly: the form was shown to someone the server knew as signed out.
    if (settled && !showedForm) setShowedForm(true);
    return (
      <Loading>
        <RegisterScreen />
      </Loading>
    );
  }
  // Signed in here (the site's first administrator, just registered): on to the dashboard.
  return <Navigate to={showedForm ? paths.admin : paths.admins.invite} replace />;
}

/**
 * Where a login leads: the admin page a guard came from (`state.from`), or the one the server sent
 * the browser from (`?from=`: the site's preview, issue #42), else `otherwise` (the dashboard).
 * Only a path of the panel's own: never another site.
 */
export function afterLogin(location: { state: unknown; search: string }, otherwise: string = paths.admin): string {
  const from = (location.state as { from?: unknown } | null)?.from ?? new URLSearchParams(location.search).get('from');
  const isAdminPage = typeof from === 'string' && (from === paths.admin || from.startsWith(`${paths.admin}/`));
  return isAdminPage && !from.startsWith(paths.login) && !from.startsWith(paths.register) ? from : otherwise;
}

/** Leaves for `to`: the server's preview page (issue #42) with a full load, a screen of this app without. */
export function goTo(navigate: NavigateFunction, to: string): void {
  if (isPreviewPath(to)) window.location.replace(to);
  else navigate(to, { replace: true });
}

/** `goTo` as an element: a guard's redirect. */
function GoTo({ to }: { to: string }) {
  const preview = isPreviewPath(to);
  useEffect(() => {
    if (preview) window.location.replace(to);
  }, [preview, to]);
  return preview ? <PageSpinner label="Opening the preview" /> : <Navigate to={to} replace />;
}

/**
 * A screen the account's role allows (app/access.ts), else "You don't have access to this page":
 * the screen never mounts, so none of its queries is sent to be refused.
 */
export function Allowed({ need, children }: { need: Permission; children: ReactNode }) {
  const allowed = useCan(need);
  const known = useRulesKnown();
  if (!known) return <PageSpinner label="Checking your access" />;
  if (!allowed)
    return (
      <Loading>
        <ForbiddenScreen />
      </Loading>
    );
  return children;
}
