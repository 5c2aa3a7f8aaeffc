import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSecondStep, type Admin, type SecondStep } from '../api/auth';
import { AuthCard } from './AuthCard';
import { PasskeySignIn } from './PasskeySignIn';
import './SecondFactorStep.css';

/** The code field, or the recovery code field: the second step of the login screen and of the sign-in-again dialog. */
export function SecondFactorField({
  recovery,
  ...field
}: {
  recovery: boolean;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  return recovery ? (
    <TextField key="recovery" label="Recovery code" autoComplete="off" autoCapitalize="off" spellCheck={false} {...field} />
  ) : (
    <TextField key="code" label="Authentication code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} {...field} />
  );
}

/** What to send: the code, or the recovery code, whichever the admin is entering. */
export function secondStepBody(recovery: boolean, typed: string): SecondStep {
  return recovery ? { recoveryCode: typed } : { code: typed };
}

export const SECOND_STEP_HINT = {
  code: 'Enter the 6-digit code your authenticator app shows for this site.',
  recovery: 'Enter one of the recovery codes you saved when you turned on authenticator codes. Each works once.',
};

/**
 * The login screen's second step, for an admin with a second factor: the code from the
 * authenticator app (or "Use a recovery code"), or a passkey. "Start over" goes back to the password, as does a
 * sign-in left waiting more than 5 minutes (the server then answers 401).
 */
export function SecondFactorStep({ onSignedIn, onStartOver }: { onSignedIn: () => void; onStartOver: () => void }) {
  const secondStep = useSecondStep();
  const [recovery, setRecovery] = useState(false);
  useDocumentTitle('Two-step sign-in');
  const { bind, formError, saving, form } = useForm<{ code: string; recoveryCode: string }, { admin: Admin }>({
    initial: { code: '', recoveryCode: '' },
    save: (values) => secondStep.mutateAsync(secondStepBody(recovery, recovery ? values.recoveryCode : values.code)),
    onSaved: onSignedIn,
    ask: false,
  });

  return (
    <AuthCard form={form}>
      <h1>Two-step sign-in</h1>
      <p>{recovery ? SECOND_STEP_HINT.recovery : SECOND_STEP_HINT.code}</p>
      {formError && <Alert>{formError}</Alert>}
      <SecondFactorField recovery={recovery} {...bind(recovery ? 'recoveryCode' : 'code')} autoFocus />
      <p className="second-factor__links">
        <button type="button" className="second-factor__link" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="second-factor__link" onClick={onStartOver}>
          Start over
        </button>
      </p>
      <button type="submit" className="button button--primary button--block" disabled={saving}>
        {saving ? <Spinner size="small" label="Verifying" /> : 'Verify'}
      </button>
      <PasskeySignIn onSignedIn={onSignedIn} autofill={false} />
    </AuthCard>
  );
}
