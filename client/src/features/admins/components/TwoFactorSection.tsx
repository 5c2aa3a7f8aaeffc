import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { errorMessage } from '../../../lib/api';
import { useLoggedError } from '../../../lib/use-logged-error';
import { adminQueries, useBeginTotp, useTurnOffTotp, type TotpSetup as Setup } from '../api/admins';
import { RecoveryCodes, TotpSetup } from './TotpSetup';
import './AccountScreen.css';

/**
 * Your account's two-step sign-in: authenticator codes turned on (a QR code, a confirming code,
 * then the recovery codes, once) or off (with the password). Also the whole screen of
 * REQUIRE_SECOND_FACTOR's gate (client/src/app/SecondFactorGate.tsx).
 */
export function TwoFactorSection({ email }: { email: string }) {
  const id = useId();
  const status = useQuery(adminQueries.secondFactor());
  const begin = useBeginTotp();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  useLoggedError('Loading your two-step sign-in failed', status.error);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} email={email} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <TotpSetup
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else if (status.isPending) {
    body = <PageSpinner label="Loading your two-step sign-in" />;
  } else if (status.isError) {
    body = (
      <Alert>
        Sorry, your two-step sign-in could not be loaded.{' '}
        <button type="button" className="button button--small" onClick={() => void status.refetch()}>
          Try again
        </button>
      </Alert>
    );
  } else if (status.data.totp) {
    body = (
      <>
        <p>
          Authenticator codes are on: signing in asks for a code from your app after your password. You have{' '}
          {status.data.recoveryCodesLeft === 1 ? '1 recovery code' : `${status.data.recoveryCodesLeft} recovery codes`} left.
        </p>
        {turningOff ? (
          <TurnOffForm onDone={() => setTurningOff(false)} />
        ) : (
          <button type="button" className="button" onClick={() => setTurningOff(true)}>
            Turn off authenticator codes
          </button>
        )}
      </>
    );
  } else {
    body = (
      <>
        <p>
          {status.data.required
            ? 'This site requires a second step when you sign in. Set up authenticator codes to continue.'
            : 'Signing in asks for your password only. With authenticator codes on, it also asks for a code from an app on your phone.'}
        </p>
        {begin.isError && <Alert>{errorMessage(begin.error, 'Sorry, the setup could not begin. Please try again.')}</Alert>}
        <button
          type="button"
          className="button button--primary"
          disabled={begin.isPending}
          onClick={() => begin.mutate(undefined, { onSuccess: setSetup })}
        >
          {begin.isPending ? <Spinner size="small" label="Starting" /> : 'Turn on authenticator codes'}
        </button>
      </>
    );
  }

  return (
    <section className="account__section" aria-labelledby={`${id}-two-step`}>
      <h2 id={`${id}-two-step`}>Two-step sign-in</h2>
      {body}
    </section>
  );
}

/** Turning authenticator codes off asks for the password, so a session left open cannot do it. */
function TurnOffForm({ onDone }: { onDone: () => void }) {
  const turnOff = useTurnOffTotp();
  const notify = useNotify();
  const { bind, formError, saving, form } = useForm<{ password: string }, unknown>({
    initial: { password: '' },
    save: (values) => turnOff.mutateAsync(values),
    onSaved: () => {
      notify({ message: 'Authenticator codes are off' });
      onDone();
    },
    fallback: 'Sorry, authenticator codes could not be turned off. Please try again.',
    ask: false,
    signInAgain: true,
  });
  return (
    <form {...form} className="form">
      {formError && <Alert>{formError}</Alert>}
      <TextField label="Password" type="password" autoComplete="current-password" {...bind('password')} autoFocus />
      <div className="form__actions">
        <button type="submit" className="button button--danger" disabled={saving}>
          {saving ? <Spinner size="small" label="Turning off" /> : 'Turn off'}
        </button>
        <button type="button" className="button" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
