import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useAddAdmin, type NewAdmin } from '../api/admins';
import { useAdminForm } from './useAdminForm';

const EMPTY: NewAdmin = { name: '', email: '', password: '' };

/** /admin/admins/add: a further administrator, who can log in at once. */
export function AddAdminScreen() {
  const { formRef, formError, bind, guard, onSubmit, busy } = useAdminForm(
    useAddAdmin(),
    EMPTY,
    ({ admin }) => `Administrator added: ${admin.name}`,
  );

  return (
    <section className="screen">
      <PageHeader title="Add administrator" />
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={busy} aria-label="Add administrator">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Name" autoComplete="off" {...bind('name')} />
        <TextField label="Email" type="email" autoComplete="off" {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...bind('password')} />
        <FormActions submit="Add administrator" busy={busy} busyLabel="Adding" cancelTo={paths.admins.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
