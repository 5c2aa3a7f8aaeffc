import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/Alert';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { settingsQueries, useSendTestMail } from '../api/settings';
import '../../../components/CardList.css';

const KIND_NAMES: Record<string, string> = {
  'contact-message': 'New contact message',
  'password-reset': 'Password reset',
  invitation: 'Invitation',
  'password-changed': 'Password notice',
  'second-factor': 'Second factor notice',
  passkey: 'Passkey notice',
  test: 'Test email',
};

/** Settings' mail part: on or off, the server, mail waiting, mails that failed, and a test email to oneself. */
export function MailSettings() {
  const status = useQuery(settingsQueries.mail());
  const sendTest = useSendTestMail();
  const notify = useNotify();
  const id = useId();
  useLoggedError('Loading the mail status failed', status.error);

  return (
    <section className="panel mail-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        Mail
      </h2>
      {status.isPending && <PageSpinner label="Loading the mail status" />}
      {status.isError && (
        <Alert>
          Sorry, the mail status could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void status.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {status.data && !status.data.enabled && (
        <p>
          Mail is <strong>off</strong>: this site sends no email (no new-message notices, password resets or invitations). To turn it on,
          set SMTP_URL and MAIL_FROM on the server and restart it.
        </p>
      )}
      {status.data?.enabled && (
        <>
          <dl className="mail-settings__facts">
            <div>
              <dt>Status</dt>
              <dd>
                {status.data.connection === null
                  ? 'On; checking the mail server…'
                  : status.data.connection.ok
                    ? 'On; the mail server answers'
                    : `On, but the mail server does not answer: ${status.data.connection.error ?? 'no reason given'}`}
              </dd>
            </div>
            <div>
              <dt>Sent from</dt>
              <dd>{status.data.from}</dd>
            </div>
            <div>
              <dt>Mail server</dt>
              <dd>{status.data.server}</dd>
            </div>
            <div>
              <dt>Waiting to be sent</dt>
              <dd>{status.data.due === 0 ? 'None' : status.data.due}</dd>
            </div>
          </dl>
          <p>
            <button
              type="button"
              className="button"
              disabled={sendTest.isPending}
              onClick={() => sendTest.mutate(undefined, { onSuccess: ({ to }) => notify({ message: `Test email on its way to ${to}` }) })}
            >
              {sendTest.isPending ? <Spinner size="small" label="Sending" /> : 'Send test email'}
            </button>
          </p>
          {sendTest.isError && <Alert>{errorMessage(sendTest.error, 'Sorry, the test email could not be sent. Please try again.')}</Alert>}
          {status.data.failed.length > 0 && (
            <>
              <h3>Mails that could not be sent</h3>
              <p className="form__hint">Each was retried for 24 hours (or refused by the mail server for good) and then given up.</p>
              <ul className="mail-settings__failed">
                {status.data.failed.map((mail) => (
                  <li key={mail.id} className="card">
                    <p className="mail-settings__failed-title">
                      {KIND_NAMES[mail.kind] ?? mail.kind} to {mail.recipient}
                    </p>
                    <p className="mail-settings__failed-meta">
                      “{mail.subject}”, given up{' '}
                      {mail.failedAt ? <time dateTime={mail.failedAt}>{formatDateTime(mail.failedAt)}</time> : ''} after {mail.attempts}{' '}
                      {mail.attempts === 1 ? 'attempt' : 'attempts'}
                    </p>
                    <p className="mail-settings__failed-reason">Reason: {mail.reason ?? 'unknown'}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
