import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { useVersionedSave } from '../../../components/ConflictDialog';
import { TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { SiteState } from '../../../components/SiteState';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst, useForm } from '../../../components/useForm';
import { versionOf } from '../../../lib/revisions';
import {
  SETTINGS_FIELDS,
  settingsHistory,
  settingsQueries,
  useUpdateSettings,
  type SettingsInput,
  type SiteSettings,
} from '../api/settings';
import { AccentField } from './AccentField';
import { LogoSettings } from './LogoSettings';
import { CdnSettings } from './CdnSettings';
import { MailSettings } from './MailSettings';
import '../../../components/Field.css';
import './SettingsScreen.css';

/** The settings the form edits: the maintenance setting is changed at once, by the site's state above the form. */
type FormInput = Omit<SettingsInput, 'maintenance'>;

function inputOf(settings: SiteSettings): FormInput {
  const { companyName, tagline, email, phone, accentColor } = settings;
  return { companyName, tagline, email, phone, accentColor };
}

/** Every setting a revision holds, to compare a conflicting copy with. */
function snapshotOf(settings: SiteSettings): SettingsInput {
  return { ...inputOf(settings), maintenance: settings.maintenance };
}

/** /admin/settings: the site's state (Live or Hidden), the company's details and brand shown on the public website, and mail. */
export function SettingsScreen() {
  const query = useQuery(settingsQueries.current());
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const focus = Number(params.get('revision')) || undefined;
  // Counts the times the form starts again (a restore, their copy taken after a conflict).
  const [generation, setGeneration] = useState(0);
  const restart = (settings: SiteSettings) => {
    queryClient.setQueryData(settingsQueries.current().queryKey, settings);
    setGeneration((n) => n + 1);
  };
  return (
    <LoadFirst
      query={query}
      title="Settings"
      loading="Loading the settings"
      logAs="Loading the settings failed"
      failed={() => (
        <>
          <Alert>Sorry, the settings could not be loaded.</Alert>
          <p className="form__actions">
            <button type="button" className="button" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        </>
      )}
    >
      {(settings) => (
        <>
          <SettingsForm key={generation} initial={settings} onRestart={restart} />
          <HistoryPanel
            source={settingsHistory}
            version={() => versionOf(settings)}
            focus={focus}
            onRestored={(reply) => restart(reply.item)}
          />
        </>
      )}
    </LoadFirst>
  );
}

function SettingsForm({ initial, onRestart }: { initial: SiteSettings; onRestart: (settings: SiteSettings) => void }) {
  const update = useUpdateSettings();
  const notify = useNotify();
  const id = useId();
  const versioned = useVersionedSave<SiteSettings>({
    version: versionOf(initial),
    what: 'the settings',
    fields: SETTINGS_FIELDS,
    snapshotOf,
  });
  const { values, setValue, bind, fieldErrors, formError, saving, guard, form } = useForm<FormInput, SiteSettings>({
    initial: inputOf(initial),
    // Only what changed, with the version the form was loaded at: a change by someone else since is a 409, never undone in silence.
    save: (values, changes) =>
      versioned.send((ifMatch) => update.mutateAsync({ changes, ifMatch }), { ...values, maintenance: initial.maintenance }, onRestart),
    stay: inputOf,
    onSaved: () => notify({ message: 'Settings saved' }),
    fallback: 'Sorry, the settings could not be saved. Please try again.',
    logAs: 'Saving the settings failed',
  });
  // The site's state is saved alone and at once, through the same versioned save: the form's next
  // Save then sends the version it produced, and a colleague's change since is asked about.
  const changeSiteState = (maintenance: boolean) =>
    versioned.send((ifMatch) => update.mutateAsync({ changes: { maintenance }, ifMatch }), { ...values, maintenance }, onRestart);

  return (
    <section className="screen">
      <PageHeader title="Settings" />
      <section className="panel settings__site" aria-labelledby={`${id}-site`}>
        <h2 id={`${id}-site`} className="panel__title">
          Website
        </h2>
        <SiteState maintenance={initial.maintenance} change={changeSiteState} />
      </section>
      <form {...form} className="form settings" aria-label="Settings">
        <fieldset className="settings__details">
          <legend>Company details</legend>
          <p className="form__hint">Shown on the public website. An empty tagline, email or phone is left out.</p>
          <TextField label="Company name" hint="Up to 100 characters." {...bind('companyName')} autoComplete="organization" />
          <TextField label="Tagline" hint="Up to 200 characters." {...bind('tagline')} autoComplete="off" />
          <TextField label="Email" type="email" {...bind('email')} autoComplete="off" />
          <TextField
            label="Phone"
            type="tel"
            hint="Digits, spaces and + ( ) - . only, up to 40 characters."
            {...bind('phone')}
            autoComplete="off"
          />
        </fieldset>
        <fieldset className="settings__details">
          <legend>Brand</legend>
          <AccentField
            value={values.accentColor}
            onChange={(value) => setValue('accentColor', value)}
            error={fieldErrors.accentColor?.msg}
            companyName={values.companyName}
          />
        </fieldset>
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit="Save settings" busy={saving} />
      </form>
      <LogoSettings />
      <MailSettings />
      <CdnSettings />
      {guard.dialog}
      {versioned.dialog}
    </section>
  );
}
