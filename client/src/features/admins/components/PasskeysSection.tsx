import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { passkeyQueries, useAddPasskey, useRemovePasskey, type Passkey } from '../api/passkeys';
import '../../../components/CardList.css';
import './PasskeysSection.css';

/** The browser's refusals, by the name WebAuthn gives each, as people read them. */
const BROWSER_REFUSALS: Record<string, string> = {
  NotAllowedError: 'No passkey was made: the prompt was cancelled or timed out. Please try again.',
  InvalidStateError: 'This device already holds one of your passkeys for this site.',
  SecurityError: 'Passkeys do not work at this address. Open the panel by its domain name.',
};

/** What a failed add says: the browser's refusal, or the server's. */
function addFailure(error: unknown): string {
  if (error instanceof Error && BROWSER_REFUSALS[error.name]) return BROWSER_REFUSALS[error.name];
  return errorMessage(error, 'Sorry, the passkey could not be added. Please try again.');
}

/** Your account: the admin's passkeys (each signs them in without a password), added and removed here. */
export function PasskeysSection() {
  const id = useId();
  const notify = useNotify();
  const passkeys = useQuery(passkeyQueries.list());
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const supported = browserSupportsWebAuthn();
  useLoggedError('Loading your passkeys failed', passkeys.error);
  const { bind, formError, saving, form } = useForm<{ name: string }, Passkey>({
    initial: { name: '' },
    save: ({ name }) => add.mutateAsync({ name }),
    onSaved: (passkey) => notify({ message: `Passkey “${passkey.name}” added` }),
    // The form stays, emptied, for another passkey.
    stay: () => ({ name: '' }),
    ask: false,
  });

  return (
    <section className="account__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Passkeys</h2>
      <p>
        A passkey signs you in with your device’s fingerprint, face or screen lock instead of your password. It works on this site only, so
        it cannot be phished.
      </p>
      {passkeys.isPending && <PageSpinner label="Loading your passkeys" />}
      {passkeys.isError && (
        <Alert>
          Sorry, your passkeys could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void passkeys.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {passkeys.isSuccess && passkeys.data.data.length === 0 && <p>You have no passkeys yet.</p>}
      {remove.isError && <Alert>{errorMessage(remove.error, 'Sorry, the passkey could not be removed. Please try again.')}</Alert>}
      {passkeys.isSuccess && passkeys.data.data.length > 0 && (
        <ul className="passkeys__list" aria-label="Your passkeys">
          {passkeys.data.data.map((passkey) => (
            <li key={passkey.id} className="card passkeys__item">
              <div className="passkeys__what">
                <p className="passkeys__name">{passkey.name}</p>
                <p className="passkeys__meta">
                  Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time> ·{' '}
                  {passkey.lastUsedAt ? (
                    <>
                      last used <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
                    </>
                  ) : (
                    'never used'
                  )}
                </p>
              </div>
              <button
                type="button"
                className="button button--small button--danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey.id, { onSuccess: () => notify({ message: `Passkey “${passkey.name}” removed` }) })}
              >
                Remove<span className="visually-hidden"> the passkey {passkey.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form className="passkeys__add" {...form} aria-label="Add a passkey">
          {formError && <Alert>{addFailure(add.error)}</Alert>}
          <TextField label="Passkey name" placeholder="Work laptop" maxLength={100} autoComplete="off" {...bind('name')} />
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? <Spinner size="small" label="Adding the passkey" /> : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <Alert kind="info">This browser cannot make passkeys. Use a current browser to add one.</Alert>
      )}
    </section>
  );
}
