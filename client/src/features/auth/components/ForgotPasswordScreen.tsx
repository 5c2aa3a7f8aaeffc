import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { authQueries, useRequestPasswordReset } from '../api/auth';
import { AuthCard } from './AuthCard';

/**
 * /admin/forgot-password: asks for a reset link by mail. The reply is the same for every address,
 * so the screen says what happens if the address is an administrator's. With mail off it says
 * so instead of offering a link that would never arrive.
 */
export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  const availability = useQuery(authQueries.passwordReset());
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { bind, formError, saving, form } = useForm({
    initial: { email: '' },
    save: (input) => requestReset.mutateAsync(input),
    onSaved: (_reply, sent) => setSentTo(sent.email),
    // Nothing here is worth a question on the way out.
    ask: false,
  });

  if (availability.isPending) return <PageSpinner label="Loading" />;
  if (availability.data?.available === false) {
    return (
      <main className="auth">
        <div className="auth__card">
          <h1>Forgot password</h1>
          <p>This site sends no mail, so a reset link cannot be sent. Ask another administrator to set a new password for you.</p>
          <p className="auth__switch">
            <Link to={paths.login}>Back to login</Link>
          </p>
        </div>
      </main>
    );
  }

  return (
    <AuthCard form={form} switchTo={paths.login} switchText="Back to login">
      <h1>Forgot password</h1>
      {sentTo !== null ? (
        <Alert kind="success">
          If an administrator account uses {sentTo}, a link to reset its password is on its way. It works for one hour.
        </Alert>
      ) : (
        <p className="form__hint">Enter your email address. We will send you a link to choose a new password.</p>
      )}
      {formError && <Alert>{formError}</Alert>}
      {availability.isError && <Alert>Sorry, this screen could not be loaded. Please try again.</Alert>}
      <TextField label="Email" type="email" autoComplete="username" {...bind('email')} autoFocus />
      <button type="submit" className="button button--primary button--block" disabled={saving}>
        {saving ? <Spinner size="small" label="Sending" /> : 'Send reset link'}
      </button>
    </AuthCard>
  );
}
