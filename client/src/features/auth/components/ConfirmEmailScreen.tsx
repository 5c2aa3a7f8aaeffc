import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useLinkToken } from '../../../lib/link-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmEmail } from '../api/auth';
import { AuthCard } from './AuthCard';

const INCOMPLETE = 'This link is incomplete. Open the link from the mail again.';

/**
 * /admin/confirm-email#token=…: the link mailed to an admin's new address. A button, not the
 * opening itself, confirms it (a mail program that fetches links to check them changes nothing).
 */
export function ConfirmEmailScreen() {
  useDocumentTitle('Confirm new email');
  const token = useLinkToken();
  const confirm = useConfirmEmail();
  const { fieldErrors, formError, saving, form } = useForm({
    initial: {},
    save: () => confirm.mutateAsync(token),
    onSaved: () => undefined,
    ask: false,
  });
  // A refused token (bad, used, expired), an address another admin took meanwhile, or no token at all.
  const linkError = fieldErrors.token?.msg ?? fieldErrors.email?.msg ?? (token ? null : INCOMPLETE);
  const done = confirm.data?.admin;

  return (
    <AuthCard form={form} switchTo={done ? undefined : paths.login} switchText="Back to login">
      <h1>Confirm new email</h1>
      {done ? (
        <>
          <p role="status">
            Your email is now <strong>{done.email}</strong>. Sign in with it from now on.
          </p>
          <Link className="button button--primary button--block" to={paths.account}>
            Go to your account
          </Link>
        </>
      ) : (
        <>
          {linkError ? (
            <Alert>
              {linkError} Ask for a new link on <Link to={paths.account}>your account</Link>.
            </Alert>
          ) : (
            formError && <Alert>{formError}</Alert>
          )}
          <p className="form__hint">Your administrator account&apos;s email changes to the address this link was sent to.</p>
          <button type="submit" className="button button--primary button--block" disabled={saving || !token}>
            {saving ? <Spinner size="small" label="Confirming" /> : 'Confirm new email'}
          </button>
        </>
      )}
    </AuthCard>
  );
}
