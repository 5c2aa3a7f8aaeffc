import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { SelectField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/Spinner';
import { Switch } from '../../../components/Switch';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst } from '../../../components/useForm';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage } from '../../../lib/api';
import { useLoggedError } from '../../../lib/use-logged-error';
import {
  settingsQueries,
  useSaveLanguages,
  useSaveTranslation,
  type Navigation,
  type SiteLanguages,
  type SiteSettings,
  type SiteTranslation,
} from '../api/settings';
import {
  checkLanguages,
  copiedFrom,
  fieldKey,
  makeDefault,
  MAX_LANGUAGES,
  newLanguage,
  wordsNote,
  type LanguageRow,
  type TranslationValues,
} from '../languages';
import '../../../components/Field.css';
import './LanguagesScreen.css';

/** The server's field errors by the editor's keys (`languages.1.code`), or null when it refused otherwise. */
function refusedFields(error: unknown): Record<string, string> {
  const refused = error instanceof ApiError ? error.fieldErrors : {};
  return Object.fromEntries(Object.entries(refused).map(([key, value]) => [fieldKey(key), value.msg]));
}

const rowsOf = (reply: SiteLanguages): LanguageRow[] =>
  reply.languages.map(({ code, name, dir, enabled, default: isDefault }) => ({ code, name, dir, enabled, default: isDefault }));

/** /admin/settings/languages: the site's languages, and the company's name, tagline and menus in each (issue #41). */
export function LanguagesScreen() {
  const query = useQuery(settingsQueries.languages());
  return (
    <LoadFirst
      query={query}
      title="Languages"
      loading="Loading the languages"
      logAs="Loading the languages failed"
      failed={() => (
        <>
          <Alert>Sorry, the languages could not be loaded.</Alert>
          <p className="form__actions">
            <button type="button" className="button" onClick={() => void query.refetch()}>
              Try again
            </button>
            <Link className="button" to={paths.settings}>
              Back to the settings
            </Link>
          </p>
        </>
      )}
    >
      {(languages) => <LanguagesEditor initial={languages} />}
    </LoadFirst>
  );
}

function LanguagesEditor({ initial }: { initial: SiteLanguages }) {
  const save = useSaveLanguages();
  const notify = useNotify();
  const [saved, setSaved] = useState<SiteLanguages>(initial);
  const [rows, setRows] = useState<LanguageRow[]>(() => rowsOf(initial));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusRow = useRef<number | null>(null);

  // One guard for the screen (a router has one blocker): the languages' changes or the translation's.
  const [translating, setTranslating] = useState(false);
  const dirty = JSON.stringify(rows) !== JSON.stringify(rowsOf(saved));
  const guard = useUnsavedChanges((dirty && !saving) || translating);

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  useEffect(() => {
    if (focusRow.current === null) return;
    formRef.current?.querySelector<HTMLElement>(`[data-row="${focusRow.current}"] input`)?.focus();
    focusRow.current = null;
  });

  /** Changes the list; the problems shown go (the rows' places may have moved). */
  const change = (next: LanguageRow[], focus?: number) => {
    setRows(next);
    setProblems({});
    setFormError(null);
    focusRow.current = focus ?? null;
  };
  const edit = (index: number, patch: Partial<LanguageRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`languages.${index}.`))));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const found = checkLanguages(rows);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setRefusals((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const reply = await save.mutateAsync({ languages: rows });
      setSaved(reply);
      setRows(rowsOf(reply));
      setProblems({});
      notify({ message: 'Languages saved' });
    } catch (error) {
      const byField = refusedFields(error);
      const atFields = Object.keys(byField).filter((key) => /^languages\.\d+\./.test(key));
      setProblems(byField);
      if (atFields.length < Object.keys(byField).length || atFields.length === 0) {
        setFormError(byField.languages ?? errorMessage(error, 'Sorry, the languages could not be saved. Please try again.'));
        if (!(error instanceof ApiError && error.status < 500)) console.error('Saving the languages failed', error);
      }
      setRefusals((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  const others = saved.languages.filter((language) => !language.default);
  return (
    <section className="screen">
      <PageHeader title="Languages">
        <Link className="button" to={paths.settings}>
          Back to the settings
        </Link>
      </PageHeader>
      <p className="form__hint languages__intro">
        The default language keeps the site’s addresses (/news/…); each other language is under its code (/de/news/…). A language that is
        off is neither shown nor linked.
      </p>
      <form
        ref={formRef}
        className="form languages"
        aria-label="Languages"
        noValidate
        aria-busy={saving}
        onSubmit={(event) => void onSubmit(event)}
      >
        <ol className="languages__list">
          {rows.map((row, index) => (
            <LanguageEditor
              key={index}
              index={index}
              row={row}
              problems={problems}
              onEdit={(patch) => edit(index, patch)}
              onMakeDefault={() => change(makeDefault(rows, index), 0)}
              onRemove={() =>
                change(
                  rows.filter((_, i) => i !== index),
                  Math.min(index, rows.length - 2),
                )
              }
            />
          ))}
        </ol>
        {rows.length < MAX_LANGUAGES ? (
          <button type="button" className="button languages__add" onClick={() => change([...rows, newLanguage()], rows.length)}>
            Add a language
          </button>
        ) : (
          <p className="form__hint">The site has the default language and {MAX_LANGUAGES - 1} more, as many as it can have.</p>
        )}
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit="Save languages" busy={saving} />
      </form>
      {guard.dialog}
      {others.length > 0 && <Translations defaultLanguage={saved.languages[0]} languages={others} onDirty={setTranslating} />}
    </section>
  );
}

function LanguageEditor({
  index,
  row,
  problems,
  onEdit,
  onMakeDefault,
  onRemove,
}: {
  index: number;
  row: LanguageRow;
  problems: Record<string, string>;
  onEdit: (patch: Partial<LanguageRow>) => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  const problem = (field: string) => problems[`languages.${index}.${field}`];
  const title = row.name.trim() || row.code.trim() || `Language ${index + 1}`;
  return (
    <li className="languages__item" data-row={index} aria-labelledby={headingId}>
      <h2 id={headingId} className="languages__title">
        {title}
        {row.default && <span className="languages__badge">Default</span>}
      </h2>
      <div className="languages__fields">
        <TextField
          label="Code"
          value={row.code}
          autoComplete="off"
          spellCheck={false}
          hint="BCP 47, such as de, fr-CA or zh-Hant"
          onChange={(event) => onEdit({ code: event.target.value })}
          error={problem('code')}
        />
        <TextField
          label="Name"
          value={row.name}
          maxLength={50}
          hint="As the language switcher shows it, such as Deutsch"
          onChange={(event) => onEdit({ name: event.target.value })}
          error={problem('name')}
        />
        <SelectField
          label="Writing direction"
          value={row.dir}
          onChange={(event) => onEdit({ dir: event.target.value === 'rtl' ? 'rtl' : 'ltr' })}
          error={problem('dir')}
        >
          <option value="ltr">Left to right</option>
          <option value="rtl">Right to left</option>
        </SelectField>
      </div>
      {row.code.trim() && <p className="languages__words">{wordsNote(row.code)}</p>}
      <div className="languages__actions">
        <Switch
          label="Enabled"
          checked={row.enabled}
          disabled={row.default}
          aria-describedby={row.default ? `${headingId}-default` : undefined}
          onChange={(event) => onEdit({ enabled: event.target.checked })}
        />
        {row.default ? (
          <p id={`${headingId}-default`} className="form__hint languages__default-note">
            The default language is always on.
          </p>
        ) : (
          <>
            <button type="button" className="button button--small" aria-label={`Make default: ${title}`} onClick={onMakeDefault}>
              Make default
            </button>
            <button type="button" className="button button--small button--danger" aria-label={`Remove ${title}`} onClick={onRemove}>
              Remove
            </button>
          </>
        )}
      </div>
      {problem('enabled') && (
        <p className="field__error" role="alert">
          {problem('enabled')}
        </p>
      )}
    </li>
  );
}

/** The company's name, tagline and menu labels in each language other than the default, one language at a time. */
function Translations({
  defaultLanguage,
  languages,
  onDirty,
}: {
  defaultLanguage: SiteLanguages['languages'][number];
  languages: SiteLanguages['languages'];
  onDirty: (dirty: boolean) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(languages[0].code);
  const lang = languages.some((language) => language.code === chosen) ? chosen : languages[0].code;
  const language = languages.find((candidate) => candidate.code === lang)!;
  const translation = useQuery(settingsQueries.translation(lang));
  const settings = useQuery(settingsQueries.current());
  const navigation = useQuery(settingsQueries.navigation());
  useLoggedError('Loading a translation failed', translation.error ?? settings.error ?? navigation.error);
  const failed = translation.isError || settings.isError || navigation.isError;
  return (
    <section className="panel translations" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        Translations
      </h2>
      <p className="form__hint">
        The company’s name, tagline and menu labels in each language. An empty menu label shows the {defaultLanguage.name} one.
      </p>
      {languages.length > 1 && (
        <SelectField label="Language to translate" value={lang} onChange={(event) => setChosen(event.target.value)}>
          {languages.map((candidate) => (
            <option key={candidate.code} value={candidate.code}>
              {candidate.name} ({candidate.code})
            </option>
          ))}
        </SelectField>
      )}
      {failed ? (
        <Alert>
          Sorry, the translation could not be loaded.{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => void Promise.all([translation.refetch(), settings.refetch(), navigation.refetch()])}
          >
            Try again
          </button>
        </Alert>
      ) : translation.data && settings.data && navigation.data ? (
        <TranslationForm
          key={lang}
          language={language}
          defaultName={defaultLanguage.name}
          defaultCode={defaultLanguage.code}
          initial={translation.data}
          settings={settings.data}
          navigation={navigation.data}
          onDirty={onDirty}
        />
      ) : (
        <PageSpinner label="Loading the translation" />
      )}
    </section>
  );
}

function TranslationForm({
  language,
  defaultName,
  defaultCode,
  initial,
  settings,
  navigation,
  onDirty,
}: {
  language: SiteLanguages['languages'][number];
  defaultName: string;
  defaultCode: string;
  initial: SiteTranslation;
  settings: SiteSettings;
  navigation: Navigation;
  onDirty: (dirty: boolean) => void;
}) {
  const save = useSaveTranslation(language.code);
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const valuesOf = (translation: SiteTranslation): TranslationValues => ({
    companyName: translation.companyName,
    tagline: translation.tagline,
    menuLabels: translation.menuLabels,
  });
  const [saved, setSaved] = useState<SiteTranslation>(initial);
  const [values, setValues] = useState<TranslationValues>(() => valuesOf(initial));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(saved)) && !saving;
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
  }, [dirty, onDirty]);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const items = [
    ...navigation.header.map((item) => ({ ...item, menu: 'Header' })),
    ...navigation.footer.map((item) => ({ ...item, menu: 'Footer' })),
  ].filter((item): item is typeof item & { id: string } => item.id !== undefined);
  const source: TranslationValues = {
    companyName: settings.companyName,
    tagline: settings.tagline,
    menuLabels: Object.fromEntries(items.map((item) => [item.id, item.label])),
  };
  const set = (patch: Partial<TranslationValues>) => setValues((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (!values.companyName.trim()) {
      setProblems({ companyName: 'Enter the company’s name in this language' });
      setRefusals((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const reply = await save.mutateAsync(values);
      setSaved(reply);
      setValues(valuesOf(reply));
      setProblems({});
      notify({ message: `${language.name} saved` });
    } catch (error) {
      const byField = refusedFields(error);
      setProblems(byField);
      if (Object.keys(byField).length === 0) {
        setFormError(errorMessage(error, 'Sorry, the translation could not be saved. Please try again.'));
        if (!(error instanceof ApiError && error.status < 500)) console.error('Saving a translation failed', error);
      }
      setRefusals((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  const pair = (key: string, sourceText: string, field: ReactNode) => (
    <div className="translations__pair" key={key}>
      <div className="translations__source">
        <span className="translations__source-label">{defaultName}</span>
        <p lang={defaultCode}>{sourceText || <span className="translations__none">(empty)</span>}</p>
      </div>
      {field}
    </div>
  );

  return (
    <form
      ref={formRef}
      className="form translations__form"
      aria-label={`${language.name} translation`}
      noValidate
      aria-busy={saving}
      onSubmit={(event) => void onSubmit(event)}
    >
      {saved.outdated && (
        <p className="translations__outdated" role="status">
          Outdated: a {defaultName} text has changed since this translation was saved.
        </p>
      )}
      <p className="translations__copy">
        <button
          type="button"
          className="button"
          onClick={() => {
            setValues(copiedFrom(source));
            setProblems({});
          }}
        >
          Copy from {defaultName}
        </button>
      </p>
      {pair(
        'companyName',
        source.companyName,
        <TextField
          label={`Company name (${language.name})`}
          lang={language.code}
          dir={language.dir}
          value={values.companyName}
          maxLength={100}
          onChange={(event) => set({ companyName: event.target.value })}
          error={problems.companyName}
        />,
      )}
      {pair(
        'tagline',
        source.tagline,
        <TextField
          label={`Tagline (${language.name})`}
          lang={language.code}
          dir={language.dir}
          value={values.tagline}
          maxLength={200}
          onChange={(event) => set({ tagline: event.target.value })}
          error={problems.tagline}
        />,
      )}
      <fieldset className="translations__menus">
        <legend>Menu labels</legend>
        {items.length === 0 ? (
          <p className="form__hint">
            The menus have no links yet: add them under <Link to={paths.settingsNavigation}>Navigation</Link>.
          </p>
        ) : (
          items.map((item) =>
            pair(
              item.id,
              item.label,
              <TextField
                label={`${item.menu} link “${item.label}” (${language.name})`}
                lang={language.code}
                dir={language.dir}
                value={values.menuLabels[item.id] ?? ''}
                maxLength={40}
                onChange={(event) => set({ menuLabels: { ...values.menuLabels, [item.id]: event.target.value } })}
                error={problems[`menuLabels.${item.id}`]}
              />,
            ),
          )
        )}
      </fieldset>
      {formError && <Alert>{formError}</Alert>}
      <FormActions submit={`Save ${language.name}`} busy={saving} />
    </form>
  );
}
