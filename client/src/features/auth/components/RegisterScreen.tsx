import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PASSWORD_RULE } from '../../../lib/password-rule';
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

  // A text error (registration closed, too many attempts, the server out of reach) is shown as
  // is; anything else unusable falls back to the spec's message.
  const { bind, formError, saving, form } = useForm({
    initial: EMPTY,
    save: (input) => register.mutateAsync(setupToken ? { ...input, setupToken } : input),
    onSaved: ({ admin }, sent) => navigate(paths.login, { state: { registeredEmail: admin?.email ?? sent.email } }),
    fallback: 'Something went wrong',
    // Nothing here is worth a question on the way out.
    ask: false,
  });

  return (
    <AuthCard form={form} switchTo={paths.login} switchText="Login here">
      <h1>Register</h1>
      {formError && <Alert>{formError}</Alert>}
      {FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...field} {...bind(name)} autoFocus={name === 'name'} />
      ))}
      {/* The server's rule, said before submitting (#28): it refuses common passwords and the email. */}
      <p className="form__hint">{PASSWORD_RULE}</p>
      <button type="submit" className="button button--primary button--block" disabled={saving}>
        {saving ? <Spinner size="small" label="Registering" /> : 'Register'}
      </button>
    </AuthCard>
  );
}
