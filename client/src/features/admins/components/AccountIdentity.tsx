import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { useCan } from '../../../lib/can';
import { useChangeEmail, useUpdateAccount, type Preferences } from '../api/admins';

/** Your account: your name, changed at once. */
function NameForm({ name }: { name: string }) {
  const update = useUpdateAccount();
  const notify = useNotify();
  const { bind, formError, saving, guard, form } = useForm({
    initial: { name },
    save: (values) => update.mutateAsync(values),
    stay: ({ admin }) => ({ name: admin.name }),
    onSaved: () => notify({ message: 'Your name is saved' }),
    fallback: 'Sorry, your name could not be saved. Please try again.',
    logAs: 'Saving your name failed',
  });
  return (
    <form {...form} className="account__form" aria-label="Your name">
      {formError && <Alert>{formError}</Alert>}
      <TextField label="Name" autoComplete="name" {...bind('name')} />
      <p>
        <button type="submit" className="button" disabled={saving}>
          {saving ? <Spinner size="small" label="Saving" /> : 'Save name'}
        </button>
      </p>
      {guard.dialog}
    </form>
  );
}

/**
 * Your account: a new email. A link goes to the new address, and the account's email changes only
 * when it is opened; the server asks who you are first (a recent confirmation). Needs mail.
 */
function EmailForm({ email, preferences }: { email: string; preferences: Preferences }) {
  const change = useChangeEmail();
  // Only an administrator may open Settings: the others are told, not sent to a screen they cannot use.
  const managesSettings = useCan('settings.manage');
  const { bind, formError, saving, guard, form } = useForm({
    initial: { email: '' },
    save: (values) => change.mutateAsync(values),
    stay: () => ({ email: '' }),
    onSaved: () => undefined,
    fallback: 'Sorry, the link could not be sent. Please try again.',
    logAs: 'Asking for a new email failed',
  });
  const pending = preferences.pendingEmail;
  return (
    <form {...form} className="account__form" aria-label="Your email">
      <p className="account__current">
        Email: <strong>{email}</strong>
      </p>
      {pending && (
        <p role="status" className="account__pending">
          We sent a link to <strong>{pending}</strong>. Your email changes to it when you open that link (within an hour).
        </p>
      )}
      {preferences.mailEnabled ? (
        <>
          {formError && <Alert>{formError}</Alert>}
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            hint="We send a link to the new address; your email changes when you open it."
            {...bind('email')}
          />
          <p>
            <button type="submit" className="button" disabled={saving}>
              {saving ? <Spinner size="small" label="Sending" /> : 'Send confirmation link'}
            </button>
          </p>
        </>
      ) : (
        <p className="form__hint">
          Changing your email needs mail: the new address is confirmed by a link sent to it.{' '}
          {managesSettings ? <Link to={paths.settingsMail}>Set up mail in Settings</Link> : 'An administrator can set it up.'}
        </p>
      )}
      {guard.dialog}
    </form>
  );
}

/** The Sign-in section's name and email, each its own form. */
export function AccountIdentity({ name, email, preferences }: { name: string; email: string; preferences: Preferences | undefined }) {
  return (
    <>
      {/* Keyed by the saved name: a change elsewhere (another tab) starts the form afresh. */}
      <NameForm key={name} name={name} />
      {preferences && <EmailForm email={email} preferences={preferences} />}
    </>
  );
}
