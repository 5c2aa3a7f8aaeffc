import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { SelectField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { useForm } from '../../../components/useForm';
import { ROLE_NAMES, ROLES, type Role } from '../../../lib/can';
import { adminQueries, useInvite } from '../api/admins';
import { CopyLink } from './CopyLink';

/** What each role is for, in a sentence (the rules themselves are the server's). */
const ROLE_HINT =
  'Administrators run the whole site; editors write, publish and answer messages; authors write articles an editor publishes.';

/**
 * /admin/admins/invite: an invitation with the role it gives, by mail or as a link to hand over by
 * chat (the only way while mail is off); the person chooses their own name and password.
 */
export function InviteAdminScreen() {
  const invite = useInvite();
  const navigate = useNavigate();
  const notify = useNotify();
  const invitations = useQuery(adminQueries.invitations());
  const mailEnabled = invitations.data?.mailEnabled ?? false;
  // Which button submitted the form: the mailed invitation or the link.
  const delivery = useRef<'mail' | 'link'>('mail');
  const [made, setMade] = useState<{ email: string; link: string } | null>(null);
  const { bind, formError, saving, guard, form } = useForm({
    initial: { email: '', role: 'administrator' as Role },
    save: (input) => {
      const chosen = mailEnabled ? delivery.current : 'link';
      delivery.current = 'mail';
      return invite.mutateAsync({ ...input, delivery: chosen });
    },
    onSaved: ({ invitation, link }) => {
      if (link) {
        setMade({ email: invitation.email, link });
        return;
      }
      notify({ message: `Invitation sent to ${invitation.email}` });
      navigate(paths.admins.list);
    },
  });

  return (
    <section className="screen">
      <PageHeader title="Invite administrator" />
      {made ? (
        <div className="form">
          <CopyLink
            link={made.link}
            what={`The invitation for ${made.email}: with it they choose their name and password, within 7 days.`}
          />
          <p>
            <Link className="button" to={paths.admins.list}>
              Back to Admins
            </Link>
          </p>
        </div>
      ) : (
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
          <p className="form__hint">
            They get a link, valid for 7 days, to choose their name and password.{' '}
            {mailEnabled
              ? 'Send it by email, or make the link to copy and hand over by chat.'
              : 'Mail is off on this site: copy the link and hand it over by chat.'}
          </p>
          <FormActions
            submit={mailEnabled ? 'Send invitation' : 'Make a link to copy'}
            busy={saving}
            busyLabel="Saving"
            cancelTo={paths.admins.list}
            onCancel={guard.release}
          />
          {/* After Send invitation, so that Enter (the first submit button) still sends by mail. */}
          {mailEnabled && (
            <p>
              <button type="submit" className="button" disabled={saving} onClick={() => (delivery.current = 'link')}>
                Make a link to copy instead
              </button>
            </p>
          )}
        </form>
      )}
      {guard.dialog}
    </section>
  );
}
