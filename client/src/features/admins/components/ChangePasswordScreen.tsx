import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useChangePassword, type PasswordChange } from '../api/admins';
import { useAdminForm } from './useAdminForm';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };

/** /admin/admins/password: one's own password. One's other sessions end; this one stays. */
export function ChangePasswordScreen() {
  const { formRef, formError, bind, guard, onSubmit, busy } = useAdminForm(useChangePassword(), EMPTY, () => 'Password changed');

  return (
    <section className="screen">
      <PageHeader title="Change password" />
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={busy} aria-label="Change password">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" {...bind('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" {...bind('newPassword')} />
        <p className="form__hint">At least 8 characters. Your other sessions will be logged out.</p>
        <FormActions submit="Change password" busy={busy} cancelTo={paths.admins.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
