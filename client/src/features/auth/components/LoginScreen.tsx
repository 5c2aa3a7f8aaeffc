import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { afterLogin, goTo } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin, type Credentials, type LoginReply } from '../api/auth';
import { AuthCard } from './AuthCard';
import { SecondFactorStep } from './SecondFactorStep';
import { PasskeySignIn } from './PasskeySignIn';

interface LoginState {
  /** Set by the register screen after a successful registration. */
  registeredEmail?: string;
  /** Where a guard sent the user from. */
  from?: string;
  /** The guard sent the user here because a request found the session ended. */
  sessionEnded?: boolean;
  /** Set by the reset-password screen after a new password was set. */
  passwordReset?: boolean;
}

export function LoginScreen() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const navigate = useNavigate();
  const login = useLogin();
  // The password was right and the admin has a second factor: its step replaces the form.
  const [secondStep, setSecondStep] = useState(false);
  useDocumentTitle('Login');
  const signedIn = () => goTo(navigate, afterLogin(location));
  const { bind, formError, refusedNow, saving, form } = useForm<Credentials, LoginReply>({
    initial: { email: state.registeredEmail ?? '', password: '' },
    save: (credentials) => login.mutateAsync(credentials),
    onSaved: (reply) => ('admin' in reply ? signedIn() : setSecondStep(true)),
    // Nothing here is worth a question on the way out.
    ask: false,
  });

  if (secondStep) return <SecondFactorStep onSignedIn={signedIn} onStartOver={() => setSecondStep(false)} />;
  return (
    <AuthCard form={form} switchTo={paths.register} switchText="Register here">
      <h1>Login</h1>
      {state.registeredEmail && !refusedNow && <Alert kind="success">Your account is ready. Log in to continue.</Alert>}
      {state.sessionEnded && !refusedNow && <Alert kind="info">Your session has ended. Please log in again.</Alert>}
      {state.passwordReset && !refusedNow && <Alert kind="success">Your new password is set. Log in with it.</Alert>}
      {formError && <Alert>{formError}</Alert>}
      <TextField label="Email" type="email" autoComplete="username webauthn" {...bind('email')} autoFocus={!state.registeredEmail} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...bind('password')}
        autoFocus={Boolean(state.registeredEmail)}
      />
      <p className="auth__forgot">
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <button type="submit" className="button button--primary button--block" disabled={saving}>
        {saving ? <Spinner size="small" label="Logging in" /> : 'Login'}
      </button>
      <PasskeySignIn onSignedIn={signedIn} />
    </AuthCard>
  );
}
