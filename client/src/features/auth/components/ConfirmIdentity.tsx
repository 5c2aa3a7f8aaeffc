import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { FormDialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { useAwaitedDialog } from '../../../components/useAwaitedDialog';
import { errorMessage } from '../../../lib/api';
import { ConfirmIdentityContext } from '../../../lib/confirmation';
import { useConfirmIdentity } from '../api/auth';

/** What a passkey confirmation that did not happen says: the browser's own refusal reads as such. */
function passkeyFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError') return 'No passkey was used: the prompt was cancelled or timed out.';
  return errorMessage(error, 'Sorry, that did not work. Please try again.');
}

/**
 * The dialog a lasting change opens when the server asks for a recent confirmation
 * (lib/confirmation.ts), built as the sign-in-again dialog is (SignInAgain.tsx): the password in
 * place, or "Use a passkey"; confirmed, the change is sent again. Cancel leaves the screen as it was.
 */
export function ConfirmIdentityProvider({ children }: { children: ReactNode }) {
  const confirm = useConfirmIdentity();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const {
    open,
    ask: confirmIdentity,
    answer: close,
  } = useAwaitedDialog(() => {
    setPassword('');
    setError(null);
  });

  const submit = async (input: { password: string } | { passkey: true }) => {
    if (confirm.isPending) return;
    setError(null);
    try {
      await confirm.mutateAsync(input);
      close(true);
    } catch (failure) {
      setError('passkey' in input ? passkeyFailure(failure) : errorMessage(failure, 'Sorry, that did not work. Please try again.'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ password });
  };

  const value = useMemo(() => ({ confirmIdentity }), [confirmIdentity]);
  return (
    <ConfirmIdentityContext.Provider value={value}>
      {children}
      <FormDialog
        open={open}
        title="Confirm it is you"
        formId="confirm-identity"
        submitLabel="Confirm"
        busyLabel="Confirming…"
        busy={confirm.isPending}
        onCancel={() => close(false)}
      >
        <form id="confirm-identity" className="form" noValidate onSubmit={onSubmit}>
          <p>This change to your account needs your password (or a passkey) from the last 5 minutes.</p>
          {error && <Alert>{error}</Alert>}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {browserSupportsWebAuthn() && (
            <p>
              <button type="button" className="button" onClick={() => void submit({ passkey: true })} disabled={confirm.isPending}>
                Use a passkey
              </button>
            </p>
          )}
        </form>
      </FormDialog>
    </ConfirmIdentityContext.Provider>
  );
}
