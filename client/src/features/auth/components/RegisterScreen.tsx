import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField, useFields } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegister } from '../api/auth';
import { AuthCard } from './AuthCard';

const EMPTY = { name: '', email: '', password: '' };

const FIELDS = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

/**
 * Register, signed out: registers oneself and goes on to the login screen. (Signed in, further
 * administrators are added from the Admins screen.) A fresh production deployment logs a setup
 * link (`?setup=<token>`); the token goes along with the first registration.
 */
export function RegisterScreen() {
  const navigate = useNavigate();
  const register = useRegister();
  const setupToken = useSearchParams()[0].get('setup') ?? undefined;
  useDocumentTitle('Register');

  const fieldErrors = register.error instanceof ApiError ? register.error.fieldErrors : {};
  // A text error (registration closed, too many attempts) is shown as is; anything else unusable
  // falls back to the spec's message.
  const generalError =
    register.isError && Object.keys(fieldErrors).length === 0
      ? register.error instanceof ApiError && typeof register.error.error === 'string' && register.error.status !== 0
        ? register.error.error
        : register.error instanceof ApiError && register.error.status === 0
          ? register.error.message
          : 'Something went wrong'
      : null;
  const { values: form, bind } = useFields(EMPTY, fieldErrors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(setupToken ? { ...form, setupToken } : form, {
      onSuccess: ({ admin }) => navigate(paths.login, { state: { registeredEmail: admin?.email ?? form.email } }),
    });
  };

  return (
    <AuthCard onSubmit={onSubmit} busy={register.isPending} switchTo={paths.login} switchText="Login here">
      <h1>Register</h1>
      {generalError && <Alert>{generalError}</Alert>}
      {FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...field} {...bind(name)} autoFocus={name === 'name'} />
      ))}
      <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
        {register.isPending ? <Spinner size="small" label="Registering" /> : 'Register'}
      </button>
    </AuthCard>
  );
}
