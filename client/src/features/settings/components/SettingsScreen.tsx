import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { TextField, useFields } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage } from '../../../lib/api';
import { useLoggedError } from '../../../lib/use-logged-error';
import { settingsQueries, useUpdateSettings, type SettingsInput, type SiteSettings } from '../api/settings';
import '../../../components/Field.css';
import './SettingsScreen.css';

type TextSettings = Omit<SettingsInput, 'maintenance'>;

const TEXT_FIELDS = ['companyName', 'tagline', 'email', 'phone'] as const;
const FIELDS = ['maintenance', ...TEXT_FIELDS] as const;

function textsOf(settings: SiteSettings): TextSettings {
  return { companyName: settings.companyName, tagline: settings.tagline, email: settings.email, phone: settings.phone };
}

/** /admin/settings: the maintenance switch and the company's details shown on the public website. */
export function SettingsScreen() {
  const query = useQuery(settingsQueries.current());
  useLoggedError('Loading the settings failed', query.error);

  // A copy cached from an earlier visit may be out of date: the form starts from a fresh one.
  if (query.isPending || (!query.isFetchedAfterMount && query.isFetching)) {
    return (
      <section className="screen">
        <PageHeader title="Settings" />
        <PageSpinner label="Loading the settings" />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="screen">
        <PageHeader title="Settings" />
        <Alert>Sorry, the settings could not be loaded.</Alert>
        <p className="form__actions">
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      </section>
    );
  }
  return <SettingsForm initial={query.data} />;
}

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const update = useUpdateSettings();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // What the server holds, as far as this form knows: what it loaded, then each save's reply.
  const [saved, setSaved] = useState(initial);
  const [maintenance, setMaintenance] = useState(initial.maintenance);
  const { error } = update;
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const formError =
    error && !FIELDS.some((field) => fieldErrors[field])
      ? errorMessage(error, 'Sorry, the settings could not be saved. Please try again.')
      : null;
  const { values, setValues, bind } = useFields<TextSettings>(textsOf(initial), fieldErrors);

  const changes: Partial<SettingsInput> = {};
  if (maintenance !== saved.maintenance) changes.maintenance = maintenance;
  for (const field of TEXT_FIELDS) if (values[field] !== saved[field]) changes[field] = values[field];
  const guard = useUnsavedChanges(Object.keys(changes).length > 0);

  // After a refused save, take the keyboard to the first field the server complained about.
  useEffect(() => {
    if (!error) return;
    if (!(error instanceof ApiError && error.status === 400)) console.error('Saving the settings failed', error);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    // Only what changed: two administrators saving different settings do not undo each other.
    const sent = { ...values, maintenance };
    update.mutate(changes, {
      onSuccess: (reply) => {
        setSaved(reply);
        // The form shows what was saved, except a field edited again while the save was on its way.
        setMaintenance((current) => (current === sent.maintenance ? reply.maintenance : current));
        setValues((current) => {
          const next = { ...current };
          for (const field of TEXT_FIELDS) if (current[field] === sent[field]) next[field] = reply[field];
          return next;
        });
        notify({ message: 'Settings saved' });
      },
    });
  };

  const maintenanceError = fieldErrors.maintenance?.msg;
  const switchHelp = `${id}-maintenance-help`;
  const switchError = `${id}-maintenance-error`;

  return (
    <section className="screen">
      <PageHeader title="Settings" />
      <form ref={formRef} className="form settings" onSubmit={onSubmit} noValidate aria-busy={update.isPending} aria-label="Settings">
        <div className="field settings__switch-field">
          <div className="settings__switch-row">
            <label className="settings__switch">
              <input
                type="checkbox"
                role="switch"
                name="maintenance"
                checked={maintenance}
                onChange={(event) => setMaintenance(event.target.checked)}
                aria-invalid={maintenanceError ? true : undefined}
                aria-describedby={maintenanceError ? `${switchHelp} ${switchError}` : switchHelp}
              />
              <span>Maintenance mode</span>
            </label>
            {/* The switch says it to assistive technology itself; this is for the eye. */}
            <span className="settings__switch-state" aria-hidden="true">
              {maintenance ? 'On' : 'Off'}
            </span>
          </div>
          <p className="form__hint settings__switch-help" id={switchHelp}>
            On: visitors see the maintenance page. Off: the public website is open to everyone.
          </p>
          {maintenanceError && (
            <p className="field__error" id={switchError}>
              {maintenanceError}
            </p>
          )}
        </div>
        <fieldset className="settings__details">
          <legend>Company details</legend>
          <p className="form__hint">Shown on the public website. An empty tagline, email or phone is left out.</p>
          <TextField label="Company name" {...bind('companyName')} autoComplete="organization" />
          <TextField label="Tagline" {...bind('tagline')} autoComplete="off" />
          <TextField label="Email" type="email" {...bind('email')} autoComplete="off" />
          <TextField label="Phone" type="tel" {...bind('phone')} autoComplete="off" />
        </fieldset>
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit="Save settings" busy={update.isPending} />
      </form>
      {guard.dialog}
    </section>
  );
}
