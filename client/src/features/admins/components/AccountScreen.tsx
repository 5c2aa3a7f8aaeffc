import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { errorMessage } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { useLoggedError } from '../../../lib/use-logged-error';
import { adminQueries, useUpdatePreferences } from '../api/admins';
import type { LayoutContext } from './AdminsScreen';
import { Switch } from '../../../components/Switch';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { PasskeysSection } from './PasskeysSection';
import { AccountIdentity } from './AccountIdentity';
import './AccountScreen.css';

/** /admin/account: the signed-in admin's own account: their name and email (editable), their password, their mail. */
export function AccountScreen() {
  const { admin } = useOutletContext<LayoutContext | undefined>() ?? {};
  // New contact messages by mail: for a role that reads them (the preferences also carry the email change, everyone's).
  const readsMessages = useCan('contactus.manage');
  const managesSettings = useCan('settings.manage');
  const preferences = useQuery(adminQueries.preferences());
  const update = useUpdatePreferences();
  const notify = useNotify();
  const id = useId();
  useLoggedError('Loading your preferences failed', preferences.error);

  const onToggle = (notifyContactMessages: boolean) =>
    update.mutate(
      { notifyContactMessages },
      {
        onSuccess: (saved) =>
          notify({
            message: saved.notifyContactMessages ? 'You will get new contact messages by email' : 'No more emails for new contact messages',
          }),
      },
    );

  return (
    <section className="screen">
      <PageHeader title="Your account" />
      <div className="account">
        <section className="account__section" aria-labelledby={`${id}-who`}>
          <h2 id={`${id}-who`}>Sign-in</h2>
          {admin && <AccountIdentity name={admin.name} email={admin.email} preferences={preferences.data} />}
          <p>
            <Link className="button" to={paths.admins.password}>
              Change password
            </Link>
          </p>
        </section>
        <TwoFactorSection email={admin?.email ?? ''} />
        <PasskeysSection />
        {readsMessages && (
          <section className="account__section" aria-labelledby={`${id}-mail`}>
            <h2 id={`${id}-mail`}>Email</h2>
            {preferences.isPending && <PageSpinner label="Loading your preferences" />}
            {preferences.isError && (
              <Alert>
                Sorry, your preferences could not be loaded.{' '}
                <button type="button" className="button button--small" onClick={() => void preferences.refetch()}>
                  Try again
                </button>
              </Alert>
            )}
            {preferences.isSuccess && (
              <>
                <div className="field">
                  {/* Until mail is set up the switch shows off (no email would come) and cannot be moved; the choice is kept for then. */}
                  <Switch
                    label="Email me new contact messages"
                    checked={
                      preferences.data.mailEnabled &&
                      (update.isPending ? update.variables.notifyContactMessages : preferences.data.notifyContactMessages)
                    }
                    disabled={update.isPending || !preferences.data.mailEnabled}
                    onChange={(event) => onToggle(event.target.checked)}
                    aria-describedby={`${id}-notify-help`}
                  />
                  <p className="form__hint" id={`${id}-notify-help`}>
                    {preferences.data.mailEnabled ? (
                      'Each message a visitor leaves on the website comes to your inbox; replying answers the visitor.'
                    ) : (
                      <>
                        Off because mail is not set up on this site yet: new messages only appear in the panel.{' '}
                        {managesSettings && <Link to={paths.settingsMail}>Set up mail in Settings</Link>}
                      </>
                    )}
                  </p>
                </div>
                {update.isError && <Alert>{errorMessage(update.error, 'Sorry, the change could not be saved. Please try again.')}</Alert>}
              </>
            )}
          </section>
        )}
        <SessionsSection />
      </div>
    </section>
  );
}
