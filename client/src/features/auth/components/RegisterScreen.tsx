import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PASSWORD_RULE } from '../../../lib/password-rule';
import { authQueries, useLogin, useRegister } from '../api/auth';
import { AuthCard } from './AuthCard';

const EMPTY = { name: '', email: '', password: '' };

const FIELDS = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  // The server's rule, said before submitting: it refuses common passwords and the email.
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: PASSWORD_RULE },
] as const;

/**
 * Register, signed out: registers oneself and goes on to the login screen; the site's first
 * administrator is signed in at once and goes on to the dashboard. (Signed in, further
 * administrators are added from the Admins screen.) A fresh production deployment logs a setup
 * link (`?setup=<token>`); the token goes along with the first registration. When registration
 * is closed the screen says so at once, with the ways in, instead of a form that can only fail.
 */
export function RegisterScreen() {
  const navigate = useNavigate();
  const register = useRegister();
  const login = useLogin();
  const setupToken = useSearchParams()[0].get('setup') ?? undefined;
  // Unknown (still asking, or the question failed): the form shows, and the server judges the post.
  const status = useQuery(authQueries.registration()).data;
  const closed = status?.open === false;
  useDocumentTitle('Register');

  // A text error (registration closed, too many attempts, the server out of reach) is shown as
  // is; anything else unusable falls back to the spec's message.
  const { bind, formError, saving, form } = useForm({
    initial: EMPTY,
    save: async (input) => {
      const reply = await register.mutateAsync(setupToken ? { ...input, setupToken } : input);
      // The site's first administrator goes straight in: the register route leaves the session
      // as it is (the contract), so the same password signs in through the login, like any
      // sign-in. Should that fail, the login screen still follows with her email filled in.
      const signedIn = status?.firstAdmin === true && (await firstSignIn(input.email, input.password));
      return { ...reply, signedIn };
    },
    onSaved: ({ admin, signedIn }, sent) => {
      // Signed in, RegisterRoute goes on to the dashboard.
      if (!signedIn) void navigate(paths.login, { state: { registeredEmail: admin?.email ?? sent.email } });
    },
    fallback: 'Something went wrong',
    // Nothing here is worth a question on the way out.
    ask: false,
  });

  async function firstSignIn(email: string, password: string): Promise<boolean> {
    const reply = await login.mutateAsync({ email, password }).catch(() => null);
    return reply !== null && 'admin' in reply;
  }

  return (
    <AuthCard form={form} switchTo={paths.login} switchText="Login here">
      <h1>Register</h1>
      {closed ? (
        <RegistrationClosed />
      ) : (
        <>
          {formError && <Alert>{formError}</Alert>}
          {FIELDS.map(({ name, ...field }) => (
            <TextField key={name} {...field} {...bind(name)} autoFocus={name === 'name'} />
          ))}
          <button type="submit" className="button button--primary button--block" disabled={saving}>
            {saving ? <Spinner size="small" label="Registering" /> : 'Register'}
          </button>
        </>
      )}
    </AuthCard>
  );
}

/** What a visitor can do when registration is closed: an invitation, or a new password. */
function RegistrationClosed() {
  return (
    <>
      <Alert kind="info">Registration is closed on this site. An administrator can add you.</Alert>
      <ul className="auth__ways">
        <li>Invited by email? Open the link in your invitation to choose your name and password.</li>
        <li>
          An administrator already, but the password is lost? <Link to={paths.forgotPassword}>Forgot password?</Link>
        </li>
      </ul>
    </>
  );
}
