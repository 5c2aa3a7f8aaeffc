import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { CardList, ListNotice } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { useListDelete } from '../../../components/useListDelete';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/search-params';
import { useLoggedError } from '../../../lib/use-logged-error';
import { adminQueries, deleteAdmin, type AdminRow } from '../api/admins';
import { PendingInvitations } from './PendingInvitations';
import './AdminsScreen.css';

/** What the admin layout hands its screens: the logged-in admin. */
export interface LayoutContext {
  adminId?: string;
  admin?: { name: string; email: string };
}

/** /admin/admins: the administrators, adding one, removing one (never the last), one's own password. */
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

  useLoggedError('Loading the administrators failed', query.error);

  return (
    <section className="screen">
      <PageHeader title="Admins">
        <Link className="button" to={paths.admins.password}>
          Change password
        </Link>
        {invitations.data?.mailEnabled && (
          <Link className="button" to={paths.admins.invite}>
            Invite
          </Link>
        )}
        <Link className="button button--primary" to={paths.admins.add}>
          Add administrator
        </Link>
      </PageHeader>
      {invitations.data?.mailEnabled === false && (
        <p className="form__hint">Invitations by email need mail, which is off on this site: add administrators with a password.</p>
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
            <button
              type="button"
              className="button button--small button--danger-outline admin-card__remove"
              onClick={() => remove.request(admin)}
            >
              Remove<span className="visually-hidden"> {admin.name}</span>
            </button>
          </>
        )}
      </CardList>
      {query.isSuccess && <Pagination links={query.data.links} label="Admins pages" />}
      <ListNotice error={remove.error} onDismiss={remove.clearError} onRetry={remove.retry} />
      {remove.dialog}
      <PendingInvitations query={invitations} />
    </section>
  );
}
