import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { useInvite } from '../api/admins';

/** /admin/admins/invite: an invitation by mail; the person chooses their own name and password. */
export function InviteAdminScreen() {
  const invite = useInvite();
  const navigate = useNavigate();
  const notify = useNotify();
  const { bind, formError, saving, guard, form } = useForm({
    initial: { email: '' },
    save: (input) => invite.mutateAsync(input),
    onSaved: ({ invitation }) => {
      notify({ message: `Invitation sent to ${invitation.email}` });
      navigate(paths.admins.list);
    },
  });

  return (
    <section className="screen">
      <PageHeader title="Invite administrator" />
      <form {...form} className="form" aria-label="Invite administrator">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Email" type="email" autoComplete="off" {...bind('email')} />
        <p className="form__hint">They get a link, valid for 7 days, to choose their name and password.</p>
        <FormActions submit="Send invitation" busy={saving} busyLabel="Sending" cancelTo={paths.admins.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
