import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import type { DiffField, Snapshot } from '../lib/revisions';
import type { Language, TranslationRevision, TranslationSource } from '../lib/translations';
import { useLoggedError } from '../lib/use-logged-error';
import { Alert } from './Alert';
import { SnapshotDiff } from './RevisionDiff';
import { Spinner } from './Spinner';
import { Switch } from './Switch';
import './HistoryPanel.css';

const REASONS: Record<TranslationRevision['reason'], string> = {
  created: 'Created',
  saved: 'Saved',
  published: 'Published',
  unpublished: 'Unpublished',
  deleted: 'Deleted',
};

/** A history entry's text fields, as the form holds them ('' for none). */
const textsOf = (snapshot: TranslationRevision['snapshot'], fields: DiffField[]): Snapshot =>
  Object.fromEntries(fields.map(({ name }) => [name, snapshot[name] ?? '']));

/**
 * A translation's history under the translator's form (issue #41 with #36): its saves and its
 * delete, newest first (who, when, what changed), kept after a delete. Compare shows a version
 * beside the text in the form, word by word; Copy into the form puts it back there, and Save
 * translation keeps it. Loaded when opened, as the items' History is.
 */
export function TranslationHistory({
  source,
  language,
  fields,
  current,
  onCopy,
}: {
  source: TranslationSource;
  language: Language;
  /** The translated fields, as the compare view names them. */
  fields: DiffField[];
  /** The text in the form now. */
  current: Snapshot;
  onCopy: (texts: Snapshot, revision: TranslationRevision) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [compared, setCompared] = useState<number | null>(null);
  const [changedOnly, setChangedOnly] = useState(true);
  const query = useQuery({
    queryKey: [...source.queryKey, language.code, 'history'],
    queryFn: ({ signal }) => source.history(language.code, signal),
    enabled: open,
  });
  useLoggedError('Loading the translation history failed', query.error);
  const revisions = query.data ?? [];
  const shown = revisions.find((revision) => revision.seq === compared);
  const labelOf = (name: string) =>
    name === 'status' ? 'Status' : name === 'publishAt' ? 'Publish time' : (fields.find((field) => field.name === name)?.label ?? name);

  return (
    <section className="history" aria-labelledby={`${id}-title`}>
      <h2 className="history__title" id={`${id}-title`}>
        <button
          type="button"
          className="history__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((now) => !now)}
        >
          History of the {language.name} translation
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="history__body">
        {query.isPending && open && <Spinner label="Loading the history" />}
        {query.isError && (
          <Alert>
            {errorMessage(query.error, 'Sorry, the history could not be loaded.')}{' '}
            <button type="button" className="button button--small" onClick={() => void query.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {query.isSuccess && revisions.length === 0 && <p>Nothing saved in {language.name} yet.</p>}
        {revisions.length > 0 && (
          <ol className="history__list" aria-label={`Saves of the ${language.name} translation, newest first`}>
            {revisions.map((revision) => (
              <li key={revision.seq} className={revision.seq === compared ? 'history__item history__item--compared' : 'history__item'}>
                <p className="history__what">
                  <strong>#{revision.seq}</strong> {REASONS[revision.reason] ?? revision.reason}
                </p>
                <p className="history__meta">
                  {revision.admin?.name ?? 'Someone'} · <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                </p>
                {revision.changed.length > 0 && <p className="history__meta">Changed: {revision.changed.map(labelOf).join(', ')}</p>}
                <div className="history__actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Compare #${revision.seq} with the form`}
                    aria-pressed={revision.seq === compared}
                    onClick={() => setCompared((now) => (now === revision.seq ? null : revision.seq))}
                  >
                    Compare
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Copy into the form: #${revision.seq}`}
                    onClick={() => onCopy(textsOf(revision.snapshot, fields), revision)}
                  >
                    Copy into the form
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        {shown && (
          <div className="history__compare" role="region" aria-labelledby={`${id}-compare`}>
            <h3 className="history__subtitle" id={`${id}-compare`}>
              #{shown.seq} compared with the form
            </h3>
            <Switch label="Changed fields only" checked={changedOnly} onChange={(event) => setChangedOnly(event.target.checked)} />
            <SnapshotDiff
              fields={fields}
              before={textsOf(shown.snapshot, fields)}
              after={current}
              beforeLabel={`#${shown.seq}`}
              afterLabel="In the form"
              changedOnly={changedOnly}
            />
          </div>
        )}
      </div>
    </section>
  );
}
