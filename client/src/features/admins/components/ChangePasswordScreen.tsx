import { PASSWORD_RULE } from '../../../lib/password-rule';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { Switch } from '../../../components/Switch';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { useChangePassword, type PasswordChange } from '../api/admins';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', removePasskeys: false };

/** /admin/admins/password: one's own password. One's other sessions end (and one's passkeys, if asked); this one stays. */
export function ChangePasswordScreen() {
  const change = useChangePassword();
  const navigate = useNavigate();
  const notify = useNotify();
  const { bind, values, setValue, formError, saving, guard, form } = useForm({
    initial: EMPTY,
    save: (input) => change.mutateAsync(input),
    onSaved: () => {
      notify({ message: 'Password changed' });
      navigate(paths.admins.list);
    },
  });

  return (
    <section className="screen">
      <PageHeader title="Change password" />
      <form {...form} className="form" aria-label="Change password">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" {...bind('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_RULE} {...bind('newPassword')} />
        <p className="form__hint">Your other sessions will be logged out.</p>
        <Switch
          label="Also remove my passkeys (if someone else may have added one)"
          checked={values.removePasskeys ?? false}
          onChange={(event) => setValue('removePasskeys', event.target.checked)}
        />
        <FormActions submit="Change password" busy={saving} cancelTo={paths.admins.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
