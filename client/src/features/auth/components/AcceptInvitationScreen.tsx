import { PASSWORD_RULE } from '../../../lib/password-rule';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useLinkToken } from '../../../lib/link-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvitation } from '../api/auth';
import { AuthCard } from './AuthCard';

const INCOMPLETE = 'This link is incomplete. Open the link from the invitation mail again.';

/** /admin/accept-invitation#token=…: the link of an invitation; the new admin picks a name and password and is signed in. */
export function AcceptInvitationScreen() {
  useDocumentTitle('Accept invitation');
  const navigate = useNavigate();
  const token = useLinkToken();
  const accept = useAcceptInvitation();
  const { bind, fieldErrors, formError, saving, form } = useForm({
    initial: { name: '', password: '' },
    save: (input) => accept.mutateAsync({ token, ...input }),
    onSaved: () => navigate(paths.admin, { replace: true }),
    ask: false,
  });
  // A refused token, or an address that became an administrator's meanwhile: a new invitation is the way on.
  const linkError = fieldErrors.token?.msg ?? fieldErrors.email?.msg ?? (token ? null : INCOMPLETE);

  return (
    <AuthCard form={form} switchTo={paths.login} switchText="Login here">
      <h1>Accept invitation</h1>
      <p className="form__hint">You were invited to administer this website. Choose your name and password.</p>
      {linkError ? (
        <Alert>{linkError} Ask the administrator who invited you for a new invitation.</Alert>
      ) : (
        formError && <Alert>{formError}</Alert>
      )}
      <TextField label="Name" autoComplete="name" {...bind('name')} autoFocus />
      <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_RULE} {...bind('password')} />
      <button type="submit" className="button button--primary button--block" disabled={saving || !token}>
        {saving ? <Spinner size="small" label="Creating your account" /> : 'Accept invitation'}
      </button>
    </AuthCard>
  );
}
