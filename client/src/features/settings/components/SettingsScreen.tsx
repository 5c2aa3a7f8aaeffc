import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { useVersionedSave } from '../../../components/ConflictDialog';
import { SelectField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { SiteState } from '../../../components/SiteState';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst, useForm } from '../../../components/useForm';
import { versionOf } from '../../../lib/revisions';
import { useLoggedError } from '../../../lib/use-logged-error';
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
  const { companyName, tagline, email, phone, accentColor, privacyPage, legalNoticePage } = settings;
  return { companyName, tagline, email, phone, accentColor, privacyPage, legalNoticePage };
}

/** The pages the law asks for, as the form's selects hold them: a page id, or '' for none. */
type FormValues = Omit<FormInput, 'privacyPage' | 'legalNoticePage'> & { privacyPage: string; legalNoticePage: string };

function formValuesOf(input: FormInput): FormValues {
  return { ...input, privacyPage: input.privacyPage ?? '', legalNoticePage: input.legalNoticePage ?? '' };
}

/** What the API takes of the form's values: a select left on none sends null. */
function sent<T extends Partial<FormValues>>(
  values: T,
): Omit<T, 'privacyPage' | 'legalNoticePage'> & Partial<Pick<SettingsInput, 'privacyPage' | 'legalNoticePage'>> {
  const { privacyPage, legalNoticePage, ...rest } = values;
  return {
    ...rest,
    ...(privacyPage !== undefined ? { privacyPage: privacyPage || null } : {}),
    ...(legalNoticePage !== undefined ? { legalNoticePage: legalNoticePage || null } : {}),
  };
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
  const { values, setValue, bind, fieldErrors, formError, saving, guard, form } = useForm<FormValues, SiteSettings>({
    initial: formValuesOf(inputOf(initial)),
    // Only what changed, with the version the form was loaded at: a change by someone else since is a 409, never undone in silence.
    save: (values, changes) =>
      versioned.send(
        (ifMatch) => update.mutateAsync({ changes: sent(changes), ifMatch }),
        { ...sent(values), maintenance: initial.maintenance },
        onRestart,
      ),
    stay: (settings) => formValuesOf(inputOf(settings)),
    onSaved: () => notify({ message: 'Settings saved' }),
    fallback: 'Sorry, the settings could not be saved. Please try again.',
    logAs: 'Saving the settings failed',
  });
  // The site's state is saved alone and at once, through the same versioned save: the form's next
  // Save then sends the version it produced, and a colleague's change since is asked about.
  const changeSiteState = (maintenance: boolean) =>
    versioned.send((ifMatch) => update.mutateAsync({ changes: { maintenance }, ifMatch }), { ...sent(values), maintenance }, onRestart);

  return (
    <section className="screen">
      <PageHeader title="Settings">
        <Link className="button" to={paths.settingsNavigation}>
          Navigation
        </Link>
        <Link className="button" to={paths.settingsLanguages}>
          Languages
        </Link>
      </PageHeader>
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
        <LegalPages bind={bind} />
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

/** The privacy policy and the legal notice: two of the site's pages (or none), which the footer links on every page. */
function LegalPages({
  bind,
}: {
  bind: (name: 'privacyPage' | 'legalNoticePage') => {
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    error: string | undefined;
  };
}) {
  const pages = useQuery(settingsQueries.pageChoices());
  useLoggedError('Loading the pages for the settings failed', pages.error);
  const privacy = bind('privacyPage');
  const legal = bind('legalNoticePage');
  const options = (chosen: string) => (
    <>
      <option value="">None</option>
      {pages.data?.map((page) => (
        <option key={page.id} value={page.id}>
          {page.title}
          {page.status === 'draft' ? ' (draft)' : ''}
        </option>
      ))}
      {/* A page chosen before, now in the trash: still named, so a save does not drop it unasked. */}
      {chosen && pages.data && !pages.data.some((page) => page.id === chosen) && (
        <option value={chosen}>A page in the trash or deleted</option>
      )}
    </>
  );
  return (
    <fieldset className="settings__details">
      <legend>Legal pages</legend>
      <p className="form__hint">
        The footer links both on every page, and the contact form links the privacy policy beside Send. Write them under{' '}
        <Link className="settings__legal-link" to={paths.pages.list}>
          Pages
        </Link>
        .
      </p>
      {pages.isError && (
        <Alert>
          The pages could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void pages.refetch()}>
            Retry
          </button>
        </Alert>
      )}
      <SelectField label="Privacy policy page" disabled={pages.isPending} {...privacy}>
        {options(privacy.value)}
      </SelectField>
      <SelectField label="Legal notice page" disabled={pages.isPending} {...legal}>
        {options(legal.value)}
      </SelectField>
    </fieldset>
  );
}
