import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { errorMessage } from '../../../lib/api';
import { SignInAgainContext } from '../../../lib/session-end';
import { authQueries, useLogin, type Admin } from '../api/auth';

/**
 * The sign-in dialog a form opens when its save meets an ended session (useForm): the admin's
 * password, in place, so what they typed stays on screen. Signed in, the form sends its save again.
 * Cancel closes it and leaves the form as it was (signed out: the next save asks again).
 */
export function SignInAgainProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const login = useLogin();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const settle = useRef<((signedIn: boolean) => void) | null>(null);
  // The admin the session belonged to: still known, because a form's 401 does not forget them.
  const admin = queryClient.getQueryData<Admin | null>(authQueries.me().queryKey) ?? null;

  const signInAgain = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setPassword('');
        setError(null);
        setOpen(true);
      }),
    [],
  );

  const close = (signedIn: boolean) => {
    setOpen(false);
    settle.current?.(signedIn);
    settle.current = null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!admin || login.isPending) return;
    setError(null);
    try {
      await login.mutateAsync({ email: admin.email, password });
      // Issue #22's second factor goes here: when the login answers that one is needed, this
      // dialog asks for the code (or the passkey) before close(true).
      close(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Sorry, you could not be signed in. Please try again.'));
    }
  };

  const value = useMemo(() => ({ signInAgain }), [signInAgain]);
  return (
    <SignInAgainContext.Provider value={value}>
      {children}
      <Dialog
        open={open}
        title="Your session has ended"
        onClose={() => {
          if (!login.isPending) close(false);
        }}
        actions={
          <>
            <button type="button" className="button" onClick={() => close(false)} disabled={login.isPending}>
              Cancel
            </button>
            <button type="submit" form="sign-in-again" className="button button--primary" disabled={login.isPending || !admin}>
              {login.isPending ? 'Signing in…' : 'Sign in and save'}
            </button>
          </>
        }
      >
        <form id="sign-in-again" className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <p>
            What you typed is kept. Enter the password of <strong>{admin?.email}</strong> to sign in again; then your changes are saved.
          </p>
          {error && <Alert>{error}</Alert>}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </form>
      </Dialog>
    </SignInAgainContext.Provider>
  );
}
