import { type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterLogin } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField, useFields } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin } from '../api/auth';
import { AuthCard } from './AuthCard';

interface LoginState {
  /** Set by the register screen after a successful registration. */
  registeredEmail?: string;
  /** Where a guard sent the user from. */
  from?: string;
}

export function LoginScreen() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const navigate = useNavigate();
  const login = useLogin();
  useDocumentTitle('Login');
  const { values, bind } = useFields({ email: state.registeredEmail ?? '', password: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(values, { onSuccess: () => navigate(afterLogin(location.state), { replace: true }) });
  };

  return (
    <AuthCard onSubmit={onSubmit} busy={login.isPending} switchTo={paths.register} switchText="Register here">
      <h1>Login</h1>
      {state.registeredEmail && !login.isError && <Alert kind="success">Your account is ready. Log in to continue.</Alert>}
      {login.isError && <Alert>{errorMessage(login.error)}</Alert>}
      <TextField label="Email" type="email" autoComplete="username" {...bind('email')} autoFocus={!state.registeredEmail} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...bind('password')}
        autoFocus={Boolean(state.registeredEmail)}
      />
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? <Spinner size="small" label="Logging in" /> : 'Login'}
      </button>
    </AuthCard>
  );
}
