import { PASSWORD_RULE } from '../../../lib/password-rule';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useLinkToken } from '../../../lib/link-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmPasswordReset } from '../api/auth';
import { AuthCard } from './AuthCard';

const INCOMPLETE = 'This link is incomplete. Open the link from the mail again, or ask for a new one.';

/** /admin/reset-password#token=…: the link of a reset mail; sets a new password, then to the login screen. */
export function ResetPasswordScreen() {
  useDocumentTitle('Reset password');
  const navigate = useNavigate();
  const token = useLinkToken();
  const confirm = useConfirmPasswordReset();
  const { bind, fieldErrors, formError, saving, form } = useForm({
    initial: { newPassword: '' },
    save: ({ newPassword }) => confirm.mutateAsync({ token, newPassword }),
    onSaved: () => navigate(paths.login, { state: { passwordReset: true } }),
    ask: false,
  });
  // A refused token (bad, used, expired) or none at all: the way on is a new link.
  const linkError = fieldErrors.token?.msg ?? (token ? null : INCOMPLETE);

  return (
    <AuthCard form={form} switchTo={paths.login} switchText="Back to login">
      <h1>Reset password</h1>
      {linkError ? (
        <Alert>
          {linkError} <Link to={paths.forgotPassword}>Ask for a new link</Link>
        </Alert>
      ) : (
        formError && <Alert>{formError}</Alert>
      )}
      <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_RULE} {...bind('newPassword')} autoFocus />
      <p className="form__hint">You will be signed out everywhere.</p>
      <button type="submit" className="button button--primary button--block" disabled={saving || !token}>
        {saving ? <Spinner size="small" label="Saving" /> : 'Set new password'}
      </button>
    </AuthCard>
  );
}
