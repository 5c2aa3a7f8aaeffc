import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { dropKept, keepText, readKept, type KeptText } from '../lib/kept-text';
import type { DiffField } from '../lib/revisions';
import { formatSiteTime, SITE_TIME_ZONE } from '../lib/site-time';
import {
  draftQuery,
  translationInput,
  translationsQuery,
  translationValues,
  type Language,
  type Translation,
  type TranslationDraft,
  type TranslationSource,
} from '../lib/translations';
import { useLoggedError } from '../lib/use-logged-error';
import { AddressField } from './AddressField';
import { useVersionedSave } from './ConflictDialog';
import { TranslationHistory } from './TranslationHistory';
import { Alert } from './Alert';
import { ConfirmDialog } from './Dialog';
import { SelectField, TextAreaField, TextField } from './Field';
import { MarkdownField } from './MarkdownField';
import { publicStateOf, ViewOnSite } from './PublishControl';
import { PageSpinner } from './Spinner';
import { useNotify } from './Toaster';
import { useForm } from './useForm';
import './Translations.css';
import './WorkingCopy.css';

/**
 * A working copy's save or publish that a colleague's save overtook (the 409 on its version),
 * said plainly: nothing typed is lost, the form keeps it.
 */
async function colleagueSafe<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && 'version' in error.fieldErrors) {
      throw new ApiError(
        409,
        'Someone else saved this translation since you opened it. Reload the page to see their changes; your text is still in the form.',
      );
    }
    throw error;
  }
}

/** What a translation form's submit does (the button pressed says). */
type SubmitMode = 'save' | 'draft' | 'publish';

/** A text field's value of the default-language item ('' for none). */
const textOf = (item: Record<string, unknown>, name: string): string => (typeof item[name] === 'string' ? (item[name] as string) : '');

/** One text field a kind translates, as the translator's view shows it. */
export interface TranslatedField {
  name: string;
  label: string;
  hint?: string;
  maxLength?: number;
  /** A one-line text, an address (`/de/news/<slug>`), a longer text, or Markdown with its preview. */
  type: 'text' | 'address' | 'textarea' | 'markdown';
}

/**
 * The translator's view (issue #41): the default language's text on the left, read only (first,
 * and collapsible, on a phone), the translation's fields on the right with "Copy from <default>",
 * its own status, Delete translation, and the Outdated mark while the default text has changed
 * since it was saved. For any translatable kind: `source` says where its translations are.
 */
export function TranslatorView({
  source,
  fields,
  original,
  language,
  defaultLanguage,
  canPublish,
  addressBase,
  render,
}: {
  source: TranslationSource;
  fields: TranslatedField[];
  /** The item's default-language text, by field name. */
  original: Record<string, unknown>;
  language: Language;
  defaultLanguage: Language;
  /** May set a translation live, change or delete a published one (an author may not). */
  canPublish: boolean;
  /** The public address an `address` field completes (`https://…/de/news/`). */
  addressBase?: (lang: string) => string;
  /** A Markdown field's preview, by the public page's rules. */
  render?: (text: string) => Promise<{ html: string }>;
}) {
  const query = useQuery(translationsQuery(source));
  // A deleted translation's form starts again, empty.
  const [generation, setGeneration] = useState(0);
  useLoggedError('Loading the translations failed', query.error);
  const translation = query.data?.find((candidate) => candidate.lang === language.code) ?? null;
  // A published translation's working copy: the form opens on its text.
  const draft = useQuery({ ...draftQuery(source, language.code), enabled: translation?.hasDraft === true });
  useLoggedError('Loading the working copy failed', draft.error);

  return (
    <div className="translator">
      <details className="translator__source" open>
        <summary className="translator__heading">{defaultLanguage.name} (default language)</summary>
        <dl className="translator__original" lang={defaultLanguage.code} dir={defaultLanguage.dir}>
          {fields.map((field) => (
            <div key={field.name} className="translator__original-field">
              <dt>{field.label}</dt>
              <dd className={field.type === 'markdown' || field.type === 'textarea' ? 'translator__long' : undefined}>
                {textOf(original, field.name) || <em className="translator__empty">(empty)</em>}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="translator__target">
        {query.isPending || (translation?.hasDraft && draft.isPending) ? (
          <PageSpinner label="Loading the translation" />
        ) : query.isError || (translation?.hasDraft && draft.isError) ? (
          <Alert>
            {errorMessage(query.error ?? draft.error, 'Sorry, the translation could not be loaded.')}{' '}
            <button type="button" className="button button--small" onClick={() => void (query.isError ? query.refetch() : draft.refetch())}>
              Try again
            </button>
          </Alert>
        ) : (
          <TranslationForm
            key={`${language.code}-${generation}`}
            source={source}
            fields={fields}
            original={original}
            translation={translation}
            draft={translation?.hasDraft ? (draft.data ?? null) : null}
            language={language}
            defaultLanguage={defaultLanguage}
            canPublish={canPublish}
            addressBase={addressBase}
            render={render}
            onRestart={() => setGeneration((n) => n + 1)}
          />
        )}
      </div>
    </div>
  );
}

function TranslationForm({
  source,
  fields,
  original,
  translation,
  draft: openedDraft,
  language,
  defaultLanguage,
  canPublish,
  addressBase,
  render,
  onRestart,
}: {
  source: TranslationSource;
  fields: TranslatedField[];
  original: Record<string, unknown>;
  translation: Translation | null;
  /** The published translation's working copy the form opens on, if it has one. */
  draft: TranslationDraft | null;
  language: Language;
  defaultLanguage: Language;
  canPublish: boolean;
  addressBase?: (lang: string) => string;
  render?: (text: string) => Promise<{ html: string }>;
  /** The form starts again from the cached translation (after a delete, or Reload of a colleague's). */
  onRestart: () => void;
}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const names = fields.map((field) => field.name);
  const id = useId();
  const [deleting, setDeleting] = useState<'ask' | 'busy' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<'ask' | 'busy' | null>(null);
  // The working copy as last saved (a published translation's text that is not on the site yet).
  const [draft, setDraft] = useState<TranslationDraft | null>(openedDraft);
  const draftRef = useRef(draft);
  const keepDraft = (next: TranslationDraft | null) => {
    draftRef.current = next;
    setDraft(next);
    const key = draftQuery(source, language.code).queryKey;
    if (next) queryClient.setQueryData(key, next);
    else queryClient.removeQueries({ queryKey: key });
  };
  /**
   * What the form's submit does: save the translation (live), save its working copy, or save and
   * publish that. Set by the button pressed: in a ref for the save, in state for its label.
   */
  const mode = useRef<SubmitMode>('save');
  const [pressed, setPressed] = useState<SubmitMode>('save');
  const press = (how: SubmitMode) => {
    mode.current = how;
    setPressed(how);
  };
  const published = translation?.status === 'published';
  // Kept in the cache as saved: the Outdated mark, the status line and the lists follow it.
  const replace = (saved: Translation | null) => {
    queryClient.setQueryData<Translation[]>(source.queryKey, (list = []) => [
      ...list.filter((other) => other.lang !== language.code),
      ...(saved ? [saved] : []),
    ]);
    // The lists' chips (below the kind's key, as this one is).
    void queryClient.invalidateQueries({ queryKey: source.queryKey.slice(0, 1) });
  };

  // What is typed and not saved stays in this browser under this key (kept-text.ts, below).
  const keptKey = `${source.queryKey.join('/')}/${language.code}`;
  /** The form starts again from `saved` (none: not translated), nothing typed kept: after a delete, or Reload of a colleague's. */
  const startAgain = (saved: Translation | null) => {
    guard.release();
    dropKept(keptKey);
    replace(saved);
    onRestart();
  };

  // Saved with the version it was opened at: a colleague's save since is asked about, never overwritten in silence.
  const diffFields: DiffField[] = fields.map(({ name, label }) => ({ name, label, type: 'text' }));
  /** The translated fields' text of a translation or of the form's values, for the compare views. */
  const textsOf = (item: Record<string, unknown>) => Object.fromEntries(names.map((name) => [name, textOf(item, name)]));
  const versioned = useVersionedSave<Translation>({
    version: translation?.version ?? 0,
    what: `the ${language.name} translation`,
    fields: diffFields,
    snapshotOf: textsOf,
  });
  /** The form's values over the translation: the working copy's text when there is one. */
  const valuesOf = (saved: Translation | null, copy: TranslationDraft | null) =>
    translationValues(names, saved && copy ? { ...saved, ...copy.fields } : saved);
  const initial = valuesOf(translation, draft);
  const { bind, setValue, fieldErrors, formError, saving, guard, form, values, dirty } = useForm<Record<string, string>, Translation>({
    initial,
    save: async (typed) => {
      const checked = translationInput(names, typed);
      if ('field' in checked) throw new ApiError(400, { [checked.field]: { msg: checked.msg } });
      if (mode.current === 'save') {
        return versioned.send(
          (ifMatch) => source.save(language.code, checked.input, ifMatch),
          textsOf(typed),
          // Reload: their copy (none, when it was deleted since) replaces the text.
          (current) => startAgain(current.version === 0 ? null : current),
        );
      }
      // The working copy: its text saved, the translation on the site as it was; then, to publish, made live.
      keepDraft(await colleagueSafe(() => source.saveDraft(language.code, checked.input, draftRef.current?.version ?? 0)));
      if (mode.current === 'draft') return { ...translation!, hasDraft: true };
      const live = await colleagueSafe(() => source.publishDraft(language.code, translation!.version));
      keepDraft(null);
      return live;
    },
    // A working copy's save stays on its text; the translation's (and a publish) on the translation's.
    stay: (reply) => valuesOf(reply, mode.current === 'draft' ? draftRef.current : null),
    onSaved: (reply) => {
      replace(reply);
      notify({
        message:
          mode.current === 'draft'
            ? 'Changes saved as a draft: visitors still see the published translation'
            : mode.current === 'publish'
              ? `${language.name} changes published`
              : `${language.name} translation saved`,
      });
    },
    fallback: 'Sorry, the translation could not be saved. Please try again.',
    logAs: 'Saving the translation failed',
  });

  // What is typed and not saved stays in this browser (kept-text.ts): a tab closed mid-sentence
  // offers it back when the translation is opened again. Each change after the first render is
  // kept, and dropped once the form matches what is saved.
  const [restored, setRestored] = useState<KeptText | null>(() => {
    const kept = readKept(keptKey);
    return kept && Object.entries(kept.values).some(([name, value]) => name in initial && initial[name] !== value) ? kept : null;
  });
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !restored) return;
    applied.current = true;
    for (const [name, value] of Object.entries(restored.values)) if (name in values) setValue(name, value);
  }, [restored, values, setValue]);
  const rendered = useRef(false);
  useEffect(() => {
    if (!rendered.current) {
      rendered.current = true;
      return;
    }
    if (dirty) keepText(keptKey, values);
    else dropKept(keptKey);
  }, [dirty, values, keptKey]);
  const discardKept = () => {
    for (const [name, value] of Object.entries(initial)) setValue(name, value);
    dropKept(keptKey);
    setRestored(null);
  };

  // Who may not publish neither changes nor removes a published translation (the server says so
  // too): their changes go into its working copy, which an editor publishes.
  const locked = !canPublish && published;
  const copy = (name: string) => setValue(name, textOf(original, name));
  const copyAll = () => {
    for (const name of names) copy(name);
  };

  const remove = async () => {
    setDeleting('busy');
    setDeleteError(null);
    try {
      await source.remove(language.code);
    } catch (error) {
      setDeleting(null);
      setDeleteError(errorMessage(error, 'Sorry, the translation could not be deleted. Please try again.'));
      return;
    }
    setDeleting(null);
    notify({ message: `${language.name} translation deleted` });
    startAgain(null);
  };

  const discard = async () => {
    setDiscarding('busy');
    setDeleteError(null);
    try {
      await source.discardDraft(language.code);
    } catch (error) {
      setDiscarding(null);
      setDeleteError(errorMessage(error, 'Sorry, the changes could not be discarded. Please try again.'));
      return;
    }
    setDiscarding(null);
    keepDraft(null);
    notify({ message: 'Changes discarded: the published translation stays as it is' });
    startAgain(translation && { ...translation, hasDraft: false });
  };

  const field = (definition: TranslatedField): ReactNode => {
    const bound = { ...bind(definition.name), label: definition.label, hint: definition.hint, maxLength: definition.maxLength };
    switch (definition.type) {
      case 'address':
        return <AddressField {...bound} base={addressBase?.(language.code) ?? ''} autoComplete="off" />;
      case 'textarea':
        return <TextAreaField {...bound} rows={3} />;
      case 'markdown':
        return render ? <MarkdownField {...bound} rows={10} render={render} /> : <TextAreaField {...bound} rows={10} />;
      default:
        return <TextField {...bound} autoComplete="off" />;
    }
  };

  return (
    <>
      <h2 className="translator__heading" id={`${id}-heading`}>
        {language.name} translation
      </h2>
      <p className="translator__state" role="status">
        {!translation ? (
          'Not translated yet.'
        ) : translation.status === 'draft' ? (
          'Draft: not on the site in this language yet.'
        ) : publicStateOf(translation) === 'scheduled' ? (
          <>
            Scheduled for <time dateTime={translation.publishAt!}>{formatSiteTime(translation.publishAt!)}</time>.
          </>
        ) : (
          'Published.'
        )}
        {translation?.status === 'published' && (
          <>
            {' '}
            <ViewOnSite href={source.sitePath(language.code, translation)} />
          </>
        )}
      </p>
      {translation?.outdated && (
        <p className="translator__outdated">
          <strong className="translation-chip translation-chip--outdated">Outdated</strong> The {defaultLanguage.name} text has changed
          since this translation was saved. Check it against the text beside it, then save to clear this mark.
        </p>
      )}
      {draft && (
        <p className="working-copy__banner" role="status">
          <span>
            Unpublished changes, saved{draft.updatedBy ? ` by ${draft.updatedBy.name}` : ''} {formatDateTime(draft.updatedAt)}. Visitors see
            the published translation until {canPublish ? 'you publish them' : 'an editor publishes them'}.
          </span>
        </p>
      )}
      {restored && (
        <div className="working-copy__banner" role="status">
          <span>Restored your unsaved changes from {formatDateTime(restored.at)} — </span>
          <button type="button" className="button button--small" onClick={discardKept}>
            Discard
          </button>
        </div>
      )}
      <form {...form} className="form translator__form" aria-labelledby={`${id}-heading`} lang={language.code} dir={language.dir}>
        {formError && <Alert>{formError}</Alert>}
        <p className="translator__copy-all" lang="en" dir="ltr">
          <button type="button" className="button" onClick={copyAll}>
            Copy all from {defaultLanguage.name}
          </button>
        </p>
        {fields.map((definition) => (
          <div key={definition.name} className="translator__field">
            {field(definition)}
            <button
              type="button"
              className="button button--small translator__copy"
              lang="en"
              dir="ltr"
              // The field's name too, for a list of the page's buttons; the visible text comes first (WCAG 2.5.3).
              aria-label={`Copy from ${defaultLanguage.name}: ${definition.label}`}
              onClick={() => copy(definition.name)}
            >
              Copy from {defaultLanguage.name}
            </button>
          </div>
        ))}
        <div lang="en" dir="ltr">
          {draft ? null : canPublish ? (
            <>
              <SelectField label="Status of this translation" {...bind('status')}>
                <option value="draft">Draft</option>
                <option value="published">Published</option>
                <option value="scheduled">Scheduled</option>
              </SelectField>
              {values.status === 'scheduled' && (
                <TextField
                  type="datetime-local"
                  label={`Publish at (${SITE_TIME_ZONE})`}
                  hint={`In the site's time zone: ${SITE_TIME_ZONE}.`}
                  {...bind('publishAt')}
                />
              )}
            </>
          ) : (
            <div className="field">
              <p className="translator__author-note" id={`${id}-status`}>
                {locked
                  ? 'Published. Save your changes as a draft: an editor publishes them.'
                  : 'Saved as a draft: an editor publishes it.'}
              </p>
              {fieldErrors.status && (
                <p className="field__error" role="alert">
                  {fieldErrors.status.msg}
                </p>
              )}
            </div>
          )}
        </div>
        {/* The first submit button is Enter's: the live save, or the working copy's (never a publish). */}
        <div className="form__actions translator__actions" lang="en" dir="ltr">
          {!locked && !draft && (
            <button type="submit" className="button button--primary" disabled={saving} onClick={() => press('save')}>
              {saving && pressed === 'save' ? 'Saving…' : 'Save translation'}
            </button>
          )}
          {published && (
            <button type="submit" className={`button${locked ? ' button--primary' : ''}`} disabled={saving} onClick={() => press('draft')}>
              {saving && pressed === 'draft' ? 'Saving…' : 'Save draft'}
            </button>
          )}
          {published && draft && canPublish && (
            <button type="submit" className="button button--primary" disabled={saving} onClick={() => press('publish')}>
              {saving && pressed === 'publish' ? 'Publishing…' : 'Publish changes'}
            </button>
          )}
          {draft && (
            <button type="button" className="button button--danger-outline" onClick={() => setDiscarding('ask')}>
              Discard changes
            </button>
          )}
          {translation && !locked && (
            <button type="button" className="button button--danger-outline" onClick={() => setDeleting('ask')}>
              Delete translation
            </button>
          )}
        </div>
        {deleteError && <Alert>{deleteError}</Alert>}
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete translation"
        message={`Delete the ${language.name} translation? Its page in ${language.name} is no longer on the site${draft ? ', and its unpublished changes go too' : ''}.`}
        busy={deleting === 'busy'}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={discarding !== null}
        title="Discard changes"
        message={`Discard the unpublished changes to the ${language.name} translation? The published translation stays as it is.`}
        confirmLabel="Discard changes"
        busyLabel="Discarding…"
        busy={discarding === 'busy'}
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(null)}
      />
      <TranslationHistory
        source={source}
        language={language}
        fields={diffFields}
        current={textsOf(values)}
        onCopy={(texts, revision) => {
          for (const name of names) setValue(name, String(texts[name] ?? ''));
          notify({ message: `#${revision.seq} copied into the form: ${draft ? 'Save draft' : 'Save translation'} keeps it` });
        }}
      />
      {guard.dialog}
      {versioned.dialog}
    </>
  );
}
