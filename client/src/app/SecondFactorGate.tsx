import { useNavigate } from 'react-router-dom';
import { Alert } from '../components/Alert';
import { useDocumentTitle } from '../lib/use-document-title';
import { TwoFactorSection } from '../features/admins/components/TwoFactorSection';
import { useLogout, type Admin } from '../features/auth/api/auth';
import { paths } from './paths';
import './SecondFactorGate.css';

/**
 * REQUIRE_SECOND_FACTOR: a signed-in admin without a second factor sees this instead of the panel
 * (whose requests the server refuses with 403 meanwhile) until they set one up, or log out.
 */
export function SecondFactorGate({ admin }: { admin: Admin }) {
  const logout = useLogout();
  const navigate = useNavigate();
  useDocumentTitle('Set up two-step sign-in');
  return (
    <main className="second-factor-gate">
      <h1>Set up two-step sign-in</h1>
      <p>
        Signed in as <strong>{admin.email}</strong>. This site asks every administrator for a second step when signing in, so set it up
        before you continue.
      </p>
      <TwoFactorSection email={admin.email} />
      <p className="second-factor-gate__logout">
        <button
          type="button"
          className="button"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSuccess: () => navigate(paths.login, { replace: true }) })}
        >
          Logout
        </button>
      </p>
      {logout.isError && <Alert>Could not log out. Please try again.</Alert>}
    </main>
  );
}
