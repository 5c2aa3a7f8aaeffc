import { PASSWORD_RULE } from '../../../lib/password-rule';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { useAddAdmin, type NewAdmin } from '../api/admins';

const EMPTY: NewAdmin = { name: '', email: '', password: '' };

/** /admin/admins/add: a further administrator, who can log in at once. */
export function AddAdminScreen() {
  const add = useAddAdmin();
  const navigate = useNavigate();
  const notify = useNotify();
  const { bind, formError, saving, guard, form } = useForm({
    initial: EMPTY,
    save: (input) => add.mutateAsync(input),
    onSaved: ({ admin }) => {
      notify({ message: `Administrator added: ${admin.name}` });
      navigate(paths.admins.list);
    },
  });

  return (
    <section className="screen">
      <PageHeader title="Add administrator" />
      <form {...form} className="form" aria-label="Add administrator">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Name" autoComplete="off" {...bind('name')} />
        <TextField label="Email" type="email" autoComplete="off" {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_RULE} {...bind('password')} />
        <FormActions submit="Add administrator" busy={saving} busyLabel="Adding" cancelTo={paths.admins.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
