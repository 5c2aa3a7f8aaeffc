import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/Alert';
import { useNotify } from '../../../components/Toaster';
import { errorMessage } from '../../../lib/api';
import { ROLE_NAMES } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { useRevokeInvitation, type Invitation } from '../api/admins';

/** The Admins screen's invitations that nobody has accepted yet, each with Revoke. Nothing when there are none. */
export function PendingInvitations({ query }: { query: UseQueryResult<{ data: Invitation[]; mailEnabled: boolean }> }) {
  const revoke = useRevokeInvitation();
  const notify = useNotify();
  const id = useId();
  useLoggedError('Loading the invitations failed', query.error);
  if (query.isError) return <Alert>Sorry, the pending invitations could not be loaded.</Alert>;
  const invitations = query.data?.data ?? [];
  if (invitations.length === 0) return null;

  return (
    <section className="invitations" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pending invitations</h2>
      {revoke.isError && <Alert>{errorMessage(revoke.error, 'Sorry, the invitation could not be revoked. Please try again.')}</Alert>}
      <ul className="invitations__list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="card invitations__item">
            <div className="invitations__who">
              <p className="invitations__email">
                <span>{invitation.email}</span> <span className="invitations__role">· {ROLE_NAMES[invitation.role]}</span>
              </p>
              <p className="invitations__meta">
                Invited by {invitation.invitedBy.name ?? 'a removed administrator'} · link valid until{' '}
                <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
              </p>
            </div>
            <button
              type="button"
              className="button button--small button--danger-outline"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(invitation.id, { onSuccess: () => notify({ message: `Invitation to ${invitation.email} revoked` }) })
              }
            >
              Revoke<span className="visually-hidden"> the invitation to {invitation.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
