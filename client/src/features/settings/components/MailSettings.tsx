import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { SelectField, TextField } from '../../../components/Field';
import { useForm } from '../../../components/useForm';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { settingsQueries, useSaveMailSettings, useSendTestMail, type MailSettingsInput, type MailStatus } from '../api/settings';
import '../../../components/CardList.css';

const KIND_NAMES: Record<string, string> = {
  'contact-message': 'New contact message',
  'password-reset': 'Password reset',
  invitation: 'Invitation',
  'password-changed': 'Password notice',
  'second-factor': 'Second factor notice',
  passkey: 'Passkey notice',
  test: 'Test email',
  'email-change': 'Email address change',
};

type Security = MailSettingsInput['security'];

const SECURITY_NAMES: Record<Security, string> = {
  starttls: 'STARTTLS required (recommended, usually port 587)',
  tls: 'TLS from the start (smtps, usually port 465)',
  none: 'Local relay without encryption',
};

const DEFAULT_PORTS: Record<Security, string> = { starttls: '587', tls: '465', none: '25' };

interface FormValues {
  host: string;
  port: string;
  security: Security;
  username: string;
  password: string;
  from: string;
}

function valuesOf(status: MailStatus): FormValues {
  const saved = status.settings;
  return {
    host: saved?.host ?? '',
    port: String(saved?.port ?? 587),
    security: saved?.security ?? 'starttls',
    username: saved?.username ?? '',
    password: '',
    from: saved?.from ?? '',
  };
}

/**
 * The SMTP server, set from the panel. The password is never shown or sent back: once one is set
 * the form says so, and Change opens the field (left empty, the saved one stays).
 */
function MailServerForm({ status }: { status: MailStatus }) {
  const save = useSaveMailSettings();
  const notify = useNotify();
  const [changingPassword, setChangingPassword] = useState(false);
  const passwordSet = status.settings?.passwordSet ?? false;
  const { values, setValue, bind, fieldErrors, formError, saving, guard, form } = useForm<FormValues, MailStatus>({
    initial: valuesOf(status),
    save: (values) =>
      save.mutateAsync({
        host: values.host,
        port: Number(values.port),
        security: values.security,
        username: values.username,
        // Not sent unless typed: the saved password stays.
        ...(values.password !== '' || !passwordSet ? { password: values.password } : {}),
        from: values.from,
      }),
    stay: valuesOf,
    onSaved: () => {
      setChangingPassword(false);
      notify({ message: 'Mail settings saved' });
    },
    fallback: 'Sorry, the mail settings could not be saved. Please try again.',
    logAs: 'Saving the mail settings failed',
  });
  const readOnly = status.source === 'env';
  const showPassword = !passwordSet || changingPassword;

  return (
    <form {...form} className="form mail-settings__form" aria-label="Mail server settings">
      {readOnly && (
        <p className="form__hint">
          These fields are read-only: SMTP_URL is set in the server&apos;s environment, and it takes precedence over what is saved here.
          Change mail there, or unset SMTP_URL to set mail up here.
        </p>
      )}
      <fieldset disabled={readOnly || saving} className="mail-settings__fields">
        <TextField label="Mail server" hint="Its host name, e.g. smtp.example.com." {...bind('host')} autoComplete="off" />
        <SelectField
          label="Security"
          name="security"
          value={values.security}
          error={fieldErrors.security?.msg}
          onChange={(event) => {
            const security = event.target.value as Security;
            // The port follows the security while it is still the previous one's usual port.
            if (values.port === DEFAULT_PORTS[values.security]) setValue('port', DEFAULT_PORTS[security]);
            setValue('security', security);
          }}
        >
          {(Object.keys(SECURITY_NAMES) as Security[]).map((security) => (
            <option key={security} value={security}>
              {SECURITY_NAMES[security]}
            </option>
          ))}
        </SelectField>
        {values.security === 'none' && (
          <p className="form__hint">Only for a mail relay on this server or its private network: mail and the password go unencrypted.</p>
        )}
        <TextField label="Port" inputMode="numeric" {...bind('port')} autoComplete="off" />
        <TextField label="User" hint="Empty when the server needs no login." {...bind('username')} autoComplete="off" />
        {showPassword ? (
          <TextField
            label="Password"
            type="password"
            hint={passwordSet ? 'Leave empty to keep the saved password.' : 'Stored encrypted; never shown again.'}
            {...bind('password')}
            autoComplete="new-password"
          />
        ) : (
          <p className="mail-settings__password">
            Password: a password is set.{' '}
            <button type="button" className="button button--small" onClick={() => setChangingPassword(true)}>
              Change
            </button>
          </p>
        )}
        <TextField
          label="Sender address"
          hint='The From of every mail, e.g. "Company <site@example.com>".'
          {...bind('from')}
          autoComplete="off"
        />
      </fieldset>
      {formError && <Alert>{formError}</Alert>}
      {!readOnly && (
        <p className="form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? <Spinner size="small" label="Saving" /> : 'Save mail settings'}
          </button>
        </p>
      )}
      {guard.dialog}
    </form>
  );
}

/** Settings' mail part: the server (set here unless SMTP_URL wins), on or off, mail waiting, mails that failed, and a test email to oneself. */
export function MailSettings() {
  const status = useQuery(settingsQueries.mail());
  const sendTest = useSendTestMail();
  const notify = useNotify();
  const id = useId();
  useLoggedError('Loading the mail status failed', status.error);

  return (
    <section className="panel mail-settings" id="mail" aria-labelledby={`${id}-title`}>
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
          enter your mail server below (your email provider gives these details).
        </p>
      )}
      {status.data && <MailServerForm key={JSON.stringify(status.data.settings)} status={status.data} />}
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
