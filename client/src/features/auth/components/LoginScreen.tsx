import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { afterLogin } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useLogin } from '../api/auth';

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
  const [email, setEmail] = useState(state.registeredEmail ?? '');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => navigate(afterLogin(location.state), { replace: true }) });
  };

  return (
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-busy={login.isPending}>
        <h1>Login</h1>
        {state.registeredEmail && !login.isError && <Alert kind="success">Your account is ready. Log in to continue.</Alert>}
        {login.isError && <Alert>{errorMessage(login.error)}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus={!state.registeredEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus={Boolean(state.registeredEmail)}
        />
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? <Spinner size="small" label="Logging in" /> : 'Login'}
        </button>
        <p className="auth__switch">
          <Link to={paths.register}>Register here</Link>
        </p>
      </form>
    </main>
  );
}
