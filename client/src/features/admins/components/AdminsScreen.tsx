import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { CardList, ListNotice } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/Dialog';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api';
import { ROLE_NAMES, ROLES, type Role } from '../../../lib/can';
import { Pagination } from '../../../components/Pagination';
import { useListDelete } from '../../../components/useListDelete';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/search-params';
import { useLoggedError } from '../../../lib/use-logged-error';
import { adminQueries, deleteAdmin, useChangeRole, useEndAdminSessions, useIssuePasswordReset, type AdminRow } from '../api/admins';
import { CopyLink } from './CopyLink';
import { PendingInvitations } from './PendingInvitations';
import './AdminsScreen.css';

/** What the admin layout hands its screens: the logged-in admin. */
export interface LayoutContext {
  adminId?: string;
  admin?: { name: string; email: string };
  /** The company's name (Settings), for texts that name it. */
  companyName?: string;
}

/** "an Administrator", "an Editor", "an Author". */
const aRole = (role: Role) => `an ${ROLE_NAMES[role]}`;

/**
 * /admin/admins: the accounts and their roles, adding one, inviting one with a role, changing a
 * role (never the last administrator's), removing one (never the last), ending all of another's
 * sessions, one's own password.
 */
export function AdminsScreen() {
  const [page, setPage] = usePageParam();
  const list = adminQueries.list({ page });
  const query = useQuery(list);
  const queryClient = useQueryClient();
  const { adminId } = useOutletContext<LayoutContext | undefined>() ?? {};
  const invitations = useQuery(adminQueries.invitations());

  const remove = useListDelete<AdminRow>({
    pageKey: list.queryKey,
    allKey: adminQueries.all(),
    page,
    setPage,
    remove: deleteAdmin,
    describe: (admin) => (admin.id === adminId ? `${admin.name} (you: you will be logged out)` : `${admin.name} (${admin.email})`),
    title: 'Remove administrator',
    confirmLabel: 'Remove',
    deleted: 'Administrator removed',
    // Removing oneself ends one's session on the server: every query is refetched, the session
    // check answers "nobody", and the guard goes to the login screen.
    onDeleted: (admin) => {
      if (admin.id === adminId) void queryClient.invalidateQueries();
    },
  });

  // "End all sessions": asked first, then ended (the server may ask for a confirmation of who we are in between).
  const [ending, setEnding] = useState<AdminRow | null>(null);
  const endSessions = useEndAdminSessions();
  const notify = useNotify();
  const onEndSessions = async (admin: AdminRow) => {
    setEnding(null);
    try {
      const { ended } = await endSessions.mutateAsync(admin.id);
      notify({ message: `${admin.name} signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'} ended)` });
    } catch (failure) {
      notify({ message: errorMessage(failure, `Sorry, the sessions of ${admin.name} could not be ended.`) });
    }
  };

  const reset = useIssuePasswordReset();
  const [issued, setIssued] = useState<{ name: string; link: string } | null>(null);
  const onReset = async (admin: AdminRow, delivery: 'mail' | 'link') => {
    try {
      const { link } = await reset.mutateAsync({ id: admin.id, delivery });
      if (link) setIssued({ name: admin.name, link });
      else notify({ message: `Password reset sent to ${admin.email}` });
    } catch (failure) {
      notify({ message: errorMessage(failure, `Sorry, the password reset for ${admin.name} could not be made.`) });
    }
  };

  // A role change: asked first (the select keeps the current role until it is done).
  const [changing, setChanging] = useState<{ admin: AdminRow; role: Role } | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const changeRole = useChangeRole();
  const onChangeRole = async ({ admin, role }: { admin: AdminRow; role: Role }) => {
    setRoleError(null);
    try {
      await changeRole.mutateAsync({ id: admin.id, role });
      setChanging(null);
      notify({ message: `${admin.name} is now ${aRole(role)}` });
    } catch (failure) {
      setChanging(null);
      // The last administrator (409) names why, under `role`.
      setRoleError(errorMessage(failure, `Sorry, the role of ${admin.name} could not be changed. Please try again.`));
    }
  };

  useLoggedError('Loading the administrators failed', query.error);

  return (
    <section className="screen">
      <PageHeader title="Admins">
        <Link className="button" to={paths.admins.password}>
          Change password
        </Link>
        {/* Nobody types a colleague's password: a new administrator comes by invitation (mailed, or a link to hand over). */}
        <Link className="button button--primary" to={paths.admins.invite}>
          Invite
        </Link>
      </PageHeader>
      {invitations.data?.mailEnabled === false && (
        <p className="form__hint">
          Mail is off on this site: invitations and password resets are links you copy and hand over by chat.{' '}
          <Link to={paths.settingsMail}>Set up mail</Link>
        </p>
      )}
      {issued && (
        <div className="panel admins__issued" role="status">
          <CopyLink
            link={issued.link}
            what={`The password reset for ${issued.name}: with it they choose a new password, within an hour.`}
          />
          <button type="button" className="button button--small" onClick={() => setIssued(null)}>
            Done
          </button>
        </div>
      )}

      <CardList
        query={query}
        label="Administrators"
        loadingLabel="Loading administrators"
        failure="Sorry, the administrators could not be loaded."
        cardClassName="admin-card"
      >
        {(admin) => (
          <>
            <div className="admin-card__who">
              <h2 className="card__title">
                {admin.name}
                {admin.id === adminId && <span className="admin-card__you"> (you)</span>}
              </h2>
              <p className="admin-card__email" title={admin.email}>
                {admin.email}
              </p>
              <p className="admin-card__role">
                <label htmlFor={`role-${admin.id}`}>
                  {/* The space outside the hidden part: every accessible-name reader keeps it. */}
                  Role <span className="visually-hidden">of {admin.name}</span>
                </label>{' '}
                <select
                  id={`role-${admin.id}`}
                  value={admin.role}
                  disabled={changeRole.isPending}
                  onChange={(event) => {
                    setRoleError(null);
                    setChanging({ admin, role: event.target.value as Role });
                  }}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_NAMES[role]}
                    </option>
                  ))}
                </select>
              </p>
            </div>
            <dl className="admin-card__dates">
              <div>
                <dt>Added</dt>
                <dd>
                  <time dateTime={admin.createdAt}>{formatDateTime(admin.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>Last login</dt>
                <dd>{admin.lastLoginAt ? <time dateTime={admin.lastLoginAt}>{formatDateTime(admin.lastLoginAt)}</time> : 'Never'}</dd>
              </div>
            </dl>
            <div className="admin-card__actions">
              {admin.id !== adminId && (
                <button type="button" className="button button--small" onClick={() => setEnding(admin)} disabled={endSessions.isPending}>
                  End all sessions<span className="visually-hidden"> of {admin.name}</span>
                </button>
              )}
              {admin.id !== adminId && invitations.data?.mailEnabled && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => void onReset(admin, 'mail')}
                  disabled={reset.isPending}
                >
                  Send password reset<span className="visually-hidden"> to {admin.name}</span>
                </button>
              )}
              {admin.id !== adminId && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => void onReset(admin, 'link')}
                  disabled={reset.isPending}
                >
                  Make a reset link<span className="visually-hidden"> for {admin.name}</span>
                </button>
              )}
              <button
                type="button"
                className="button button--small button--danger-outline admin-card__remove"
                onClick={() => remove.request(admin)}
              >
                Remove<span className="visually-hidden"> {admin.name}</span>
              </button>
            </div>
          </>
        )}
      </CardList>
      {query.isSuccess && <Pagination links={query.data.links} label="Admins pages" />}
      <ListNotice error={remove.error} onDismiss={remove.clearError} onRetry={remove.retry} />
      {roleError && (
        <div className="list-notice">
          <Alert onDismiss={() => setRoleError(null)}>{roleError}</Alert>
        </div>
      )}
      {remove.dialog}
      <ConfirmDialog
        open={changing !== null}
        title="Change role"
        message={
          changing &&
          `${changing.admin.id === adminId ? 'You' : changing.admin.name} will be ${aRole(changing.role)} instead of ${aRole(changing.admin.role)}, from ${changing.admin.id === adminId ? 'your' : 'their'} next step in the panel, without signing out.`
        }
        confirmLabel="Change role"
        busyLabel="Changing…"
        busy={changeRole.isPending}
        onConfirm={() => changing && void onChangeRole(changing)}
        onCancel={() => setChanging(null)}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End all sessions"
        message={`${ending?.name ?? ''} will be signed out on every browser and device, and must sign in again.`}
        confirmLabel="End all sessions"
        onConfirm={() => ending && void onEndSessions(ending)}
        onCancel={() => setEnding(null)}
      />
      <PendingInvitations query={invitations} />
    </section>
  );
}
