import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { SelectField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { ROLE_NAMES, ROLES, type Role } from '../../../lib/can';
import { useInvite } from '../api/admins';

/** What each role is for, in a sentence (the rules themselves are the server's). */
const ROLE_HINT =
  'Administrators run the whole site; editors write, publish and answer messages; authors write articles an editor publishes.';

/** /admin/admins/invite: an invitation by mail, with the role it gives; the person chooses their own name and password. */
export function InviteAdminScreen() {
  const invite = useInvite();
  const navigate = useNavigate();
  const notify = useNotify();
  const { bind, formError, saving, guard, form } = useForm({
    initial: { email: '', role: 'administrator' as Role },
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
        <SelectField label="Role" hint={ROLE_HINT} {...bind('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </SelectField>
        <p className="form__hint">They get a link, valid for 7 days, to choose their name and password.</p>
        <FormActions submit="Send invitation" busy={saving} busyLabel="Sending" cancelTo={paths.admins.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
