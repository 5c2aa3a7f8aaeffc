import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { FormDialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { useAwaitedDialog } from '../../../components/useAwaitedDialog';
import { errorMessage } from '../../../lib/api';
import { SignInAgainContext } from '../../../lib/session-end';
import { authQueries, useLogin, useSecondStep, type Admin } from '../api/auth';
import { SECOND_STEP_HINT, SecondFactorField, secondStepBody } from './SecondFactorStep';

/**
 * The sign-in dialog a form opens when its save meets an ended session (useForm): the admin's
 * password, in place, so what they typed stays on screen, then, for an admin with a second factor,
 * its code (or a recovery code). Signed in, the form sends its save again. Cancel closes it and
 * leaves the form as it was (signed out: the next save asks again).
 */
export function SignInAgainProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const login = useLogin();
  const secondStep = useSecondStep();
  const [password, setPassword] = useState('');
  // After a right password, for an admin with a second factor: its code, or a recovery code.
  const [step, setStep] = useState<'password' | 'code' | 'recovery'>('password');
  const [code, setCode] = useState('');
  const pending = login.isPending || secondStep.isPending;
  const [error, setError] = useState<string | null>(null);
  // The admin the session belonged to: still known, because a form's 401 does not forget them.
  const admin = queryClient.getQueryData<Admin | null>(authQueries.me().queryKey) ?? null;

  const {
    open,
    ask: signInAgain,
    answer: close,
  } = useAwaitedDialog(() => {
    setPassword('');
    setStep('password');
    setCode('');
    setError(null);
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!admin || pending) return;
    setError(null);
    try {
      if (step === 'password') {
        const reply = await login.mutateAsync({ email: admin.email, password });
        if (!('admin' in reply)) return setStep('code');
      } else {
        await secondStep.mutateAsync(secondStepBody(step === 'recovery', code));
      }
      close(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Sorry, you could not be signed in. Please try again.'));
    }
  };

  const value = useMemo(() => ({ signInAgain }), [signInAgain]);
  return (
    <SignInAgainContext.Provider value={value}>
      {children}
      <FormDialog
        open={open}
        title="Your session has ended"
        formId="sign-in-again"
        submitLabel="Sign in and save"
        busyLabel="Signing in…"
        busy={pending}
        canSubmit={admin !== null}
        onCancel={() => close(false)}
      >
        <form id="sign-in-again" className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <p>
            What you typed is kept. Enter the password of <strong>{admin?.email}</strong> to sign in again; then your changes are saved.
          </p>
          {error && <Alert>{error}</Alert>}
          {step === 'password' ? (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : (
            <>
              <p>{step === 'recovery' ? SECOND_STEP_HINT.recovery : SECOND_STEP_HINT.code}</p>
              <SecondFactorField
                recovery={step === 'recovery'}
                name="code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoFocus
              />
              <p>
                <button type="button" className="second-factor__link" onClick={() => setStep(step === 'recovery' ? 'code' : 'recovery')}>
                  {step === 'recovery' ? 'Use your authenticator app' : 'Use a recovery code'}
                </button>
              </p>
            </>
          )}
        </form>
      </FormDialog>
    </SignInAgainContext.Provider>
  );
}
