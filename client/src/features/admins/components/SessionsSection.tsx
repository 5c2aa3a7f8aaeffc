import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/Alert';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { addressName } from '../../../lib/address-name';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { adminQueries, useEndOtherSessions, useEndSession, type AccountSession } from '../api/admins';
import './SessionsSection.css';

/** "Chrome 140 on macOS", or what is known of it. */
function deviceName(session: AccountSession): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

/** Your account → Your sessions: where this admin is signed in; end one, or all but this one. */
export function SessionsSection() {
  const sessions = useQuery(adminQueries.sessions());
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const notify = useNotify();
  const id = useId();
  useLoggedError('Loading your sessions failed', sessions.error);
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;
  const busy = end.isPending || endOthers.isPending;

  return (
    <section className="account__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your sessions</h2>
      <p className="form__hint">Where you are signed in. End a session you do not recognise, then change your password.</p>
      {sessions.isPending && <PageSpinner label="Loading your sessions" />}
      {sessions.isError && (
        <Alert>
          Sorry, your sessions could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {sessions.isSuccess && sessions.data.data.length === 0 && <p>No sessions.</p>}
      {sessions.isSuccess && sessions.data.data.length > 0 && (
        <>
          {(end.isError || endOthers.isError) && (
            <Alert>{errorMessage(end.error ?? endOthers.error, 'Sorry, the session could not be ended. Please try again.')}</Alert>
          )}
          <ul className="sessions">
            {sessions.data.data.map((session) => (
              <li key={session.id} className="sessions__item">
                <div className="sessions__what">
                  <p className="sessions__device">
                    {deviceName(session)}
                    {session.current && <span className="sessions__this"> · this device</span>}
                  </p>
                  <dl className="sessions__facts">
                    <div>
                      <dt>Address</dt>
                      <dd>{session.address ? addressName(session.address) : 'Unknown'}</dd>
                    </div>
                    <div>
                      <dt>Signed in</dt>
                      <dd>
                        <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>Last seen</dt>
                      <dd>{session.current ? 'Now' : <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>}</dd>
                    </div>
                  </dl>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className="button button--small button--danger sessions__end"
                    disabled={busy}
                    onClick={() =>
                      end.mutate(session.id, { onSuccess: () => notify({ message: `Session on ${deviceName(session)} ended` }) })
                    }
                  >
                    End session<span className="visually-hidden"> on {deviceName(session)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others > 0 && (
            <p>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  endOthers.mutate(undefined, {
                    onSuccess: ({ ended }) =>
                      notify({ message: ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions` }),
                  })
                }
              >
                Sign out everywhere else
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
