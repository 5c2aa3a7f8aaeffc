import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import type { HistorySource, RestoreReply, Revision, RevisionReason } from '../lib/revisions';
import { Alert } from './Alert';
import { Dialog } from './Dialog';
import { SnapshotDiff } from './RevisionDiff';
import { Spinner } from './Spinner';
import { Switch } from './Switch';
import { useNotify } from './Toaster';
import './HistoryPanel.css';

const REASONS: Record<RevisionReason, string> = {
  created: 'Created',
  saved: 'Saved',
  published: 'Published',
  unpublished: 'Unpublished',
  restored: 'Restored',
};

function reasonText(revision: Revision): string {
  const why = REASONS[revision.reason] ?? revision.reason;
  return revision.restoredFrom !== null ? `${why} from #${revision.restoredFrom}` : why;
}

/**
 * An item's History: its revisions newest first (who, when, why, which fields, label, pin), any
 * two compared side by side, and Restore (into the working copy, or straight live) with an Undo.
 * `focus` (the Activity screen's `?revision=`) opens the panel on that revision.
 */
export function HistoryPanel<Item>({
  source,
  version,
  focus,
  photoUrl,
  onRestored,
  publish = true,
}: {
  source: HistorySource<Item>;
  /** The account's role may publish this item (GET /api/admins/me's `can`): else no Pin, Label or "Restore and publish". */
  publish?: boolean;
  /** The live version the form was loaded at: a restore sends it (If-Match). */
  version: () => number | undefined;
  focus?: number;
  photoUrl?: (path: string) => string;
  /** After a restore (or its Undo): the form starts again from what the reply says. */
  onRestored: (reply: RestoreReply<Item>) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(focus !== undefined);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const listKey = [...source.key, 'list'] as const;
  const list = useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => source.list(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: open,
  });
  const revisions = list.data?.pages.flatMap((page) => page.data) ?? [];

  // The pair compared, by seq: the newer one and the one it is compared against (null: nothing before it).
  const [pair, setPair] = useState<{ newer: number; older: number | null } | null>(null);
  const [changedOnly, setChangedOnly] = useState(true);
  const olderThan = (seq: number) => revisions.find((revision) => revision.seq < seq)?.seq ?? null;
  const shown = pair ?? (revisions.length > 0 ? { newer: focus ?? revisions[0].seq, older: olderThan(focus ?? revisions[0].seq) } : null);

  const detail = (seq: number | null | undefined) =>
    ({
      queryKey: [...source.key, 'revision', seq],
      queryFn: ({ signal }: { signal: AbortSignal }) => source.get(seq as number, signal),
      enabled: open && seq !== null && seq !== undefined,
      // A revision's snapshot never changes.
      staleTime: Infinity,
    }) as const;
  const newer = useQuery(detail(shown?.newer));
  const older = useQuery(detail(shown?.older));

  const compareRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus !== undefined && revisions.length > 0) compareRef.current?.scrollIntoView({ block: 'nearest' });
  }, [focus, revisions.length]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: source.key });
  const update = useMutation({
    mutationFn: ({ seq, changes }: { seq: number; changes: { pinned?: boolean; label?: string | null } }) =>
      source.update ? source.update(seq, changes) : Promise.reject(new Error('These revisions have no pins or labels')),
    onSuccess: refresh,
  });

  const [restoring, setRestoring] = useState<Revision | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [labelling, setLabelling] = useState<Revision | null>(null);
  const restore = useMutation({
    mutationFn: ({ seq, to }: { seq: number; to: 'draft' | 'live' | undefined }) => source.restore(seq, to, version()),
  });

  const doRestore = async (revision: Revision, to: 'draft' | 'live' | undefined) => {
    // Undo restores what was live before (into the same place).
    const before = revisions.find((candidate) => candidate.live)?.seq;
    setRestoreError(null);
    try {
      const reply = await restore.mutateAsync({ seq: revision.seq, to });
      setRestoring(null);
      onRestored(reply);
      await refresh();
      notify({
        message:
          to === 'draft'
            ? `Revision #${revision.seq} restored into the draft`
            : source.drafts
              ? `Revision #${revision.seq} restored and published`
              : `Revision #${revision.seq} restored`,
        action:
          before !== undefined && before !== revision.seq
            ? {
                label: 'Undo',
                onClick: () =>
                  void source
                    .restore(before, to, (reply.item as { version?: number }).version)
                    .then(async (undone) => {
                      onRestored(undone);
                      await refresh();
                      notify({ message: `Revision #${before} restored again` });
                    })
                    .catch((error: unknown) => notify({ message: errorMessage(error, 'Could not undo the restore. Please try again.') })),
              }
            : undefined,
      });
    } catch (error) {
      setRestoreError(errorMessage(error, 'Could not restore this revision. Please try again.'));
    }
  };

  return (
    <section className="history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="history__title">
        <button
          type="button"
          className="history__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((now) => !now)}
        >
          History
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="history__body">
        {list.isPending && open && <Spinner label="Loading the history" />}
        {list.isError && <Alert>{errorMessage(list.error, 'Sorry, the history could not be loaded.')}</Alert>}
        {list.isSuccess && revisions.length === 0 && <p>No revisions yet.</p>}
        {revisions.length > 0 && (
          <ol className="history__list" aria-label="Revisions, newest first">
            {revisions.map((revision) => {
              const compared = shown?.newer === revision.seq;
              return (
                <li key={revision.seq} className={compared ? 'history__item history__item--compared' : 'history__item'}>
                  <p className="history__what">
                    <strong>#{revision.seq}</strong> {reasonText(revision)}
                    {revision.live && <span className="history__tag">Live</span>}
                    {revision.draft && <span className="history__tag">Draft</span>}
                    {revision.pinned && <span className="history__tag">Pinned</span>}
                  </p>
                  {revision.label && <p className="history__label">{revision.label}</p>}
                  <p className="history__meta">
                    {revision.admin?.name ?? 'Someone'} · <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                  </p>
                  {revision.changed.length > 0 && (
                    <p className="history__meta">
                      Changed:{' '}
                      {revision.changed.map((name) => source.fields.find((field) => field.name === name)?.label ?? name).join(', ')}
                    </p>
                  )}
                  <div className="history__actions">
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Compare revision ${revision.seq} with the one before`}
                      aria-pressed={compared}
                      onClick={() => setPair({ newer: revision.seq, older: olderThan(revision.seq) })}
                    >
                      Compare
                    </button>
                    {source.update && publish && (
                      <>
                        <button
                          type="button"
                          className="button button--small"
                          aria-label={`${revision.pinned ? 'Unpin' : 'Pin'} revision ${revision.seq}`}
                          disabled={update.isPending}
                          onClick={() => update.mutate({ seq: revision.seq, changes: { pinned: !revision.pinned } })}
                        >
                          {revision.pinned ? 'Unpin' : 'Pin'}
                        </button>
                        <button
                          type="button"
                          className="button button--small"
                          aria-label={`Label revision ${revision.seq}`}
                          onClick={() => setLabelling(revision)}
                        >
                          Label
                        </button>
                      </>
                    )}
                    {!revision.live && (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Restore revision ${revision.seq}`}
                        onClick={() => {
                          setRestoreError(null);
                          setRestoring(revision);
                        }}
                      >
                        Restore
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {update.isError && <Alert>{errorMessage(update.error, 'Could not change the revision. Please try again.')}</Alert>}
        {list.hasNextPage && (
          <button type="button" className="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
        {shown && (
          <div className="history__compare" ref={compareRef} role="region" aria-label="Compare revisions">
            <h3 className="history__subtitle">Compare</h3>
            <div className="history__pickers">
              <RevisionPicker
                label="Older"
                value={shown.older}
                revisions={revisions}
                onChange={(seq) => setPair({ newer: shown.newer, older: seq })}
              />
              <RevisionPicker
                label="Newer"
                value={shown.newer}
                revisions={revisions}
                onChange={(seq) => seq !== null && setPair({ newer: seq, older: shown.older })}
              />
            </div>
            <Switch label="Changed fields only" checked={changedOnly} onChange={(event) => setChangedOnly(event.target.checked)} />
            {(newer.isPending && newer.fetchStatus !== 'idle') || (older.isPending && older.fetchStatus !== 'idle') ? (
              <Spinner label="Loading the revisions" />
            ) : newer.isError || older.isError ? (
              <Alert>{errorMessage(newer.error ?? older.error, 'Sorry, the revisions could not be loaded.')}</Alert>
            ) : newer.data ? (
              <SnapshotDiff
                fields={source.fields}
                before={older.data?.snapshot ?? {}}
                after={newer.data.snapshot}
                beforeLabel={shown.older !== null ? `#${shown.older}` : 'Nothing before'}
                afterLabel={`#${shown.newer}`}
                changedOnly={changedOnly}
                photoUrl={photoUrl}
              />
            ) : null}
          </div>
        )}
      </div>
      <RestoreDialog
        revision={restoring}
        drafts={source.drafts}
        publish={publish}
        noun={source.noun}
        busy={restore.isPending}
        error={restoreError}
        onRestore={(to) => restoring && void doRestore(restoring, to)}
        onCancel={() => setRestoring(null)}
      />
      <LabelDialog
        key={labelling?.seq ?? 'closed'}
        revision={labelling}
        busy={update.isPending}
        onSave={async (label) => {
          if (!labelling) return;
          await update.mutateAsync({ seq: labelling.seq, changes: { label } });
          setLabelling(null);
        }}
        onCancel={() => setLabelling(null)}
      />
    </section>
  );
}

function RevisionPicker({
  label,
  value,
  revisions,
  onChange,
}: {
  label: string;
  value: number | null;
  revisions: Revision[];
  onChange: (seq: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        {label === 'Older' && <option value="">Nothing before</option>}
        {revisions.map((revision) => (
          <option key={revision.seq} value={revision.seq}>
            #{revision.seq} {reasonText(revision)} · {formatDateTime(revision.createdAt)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Asks before a restore: into the working copy (the default) or straight live ("Restore and publish"). */
function RestoreDialog({
  revision,
  drafts,
  publish,
  noun,
  busy,
  error,
  onRestore,
  onCancel,
}: {
  revision: Revision | null;
  drafts: boolean;
  publish: boolean;
  noun: string;
  busy: boolean;
  error: string | null;
  onRestore: (to: 'draft' | 'live' | undefined) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={revision !== null}
      title={`Restore revision #${revision?.seq ?? ''}?`}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          {drafts && publish && (
            <button type="button" className="button" onClick={() => onRestore('live')} disabled={busy}>
              Restore and publish
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            onClick={() => onRestore(drafts ? 'draft' : undefined)}
            disabled={busy}
            autoFocus
          >
            {busy ? 'Restoring…' : 'Restore'}
          </button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
      <p>
        {drafts
          ? `Restore puts this revision into the ${noun}'s draft: the public sees nothing until you publish it. Restore and publish makes it live at once.`
          : `The ${noun} go back to this revision at once.`}{' '}
        Nothing in the history is lost: the restore is a new revision.
      </p>
    </Dialog>
  );
}

/** A revision's label: up to 100 characters; empty clears it. */
function LabelDialog({
  revision,
  busy,
  onSave,
  onCancel,
}: {
  revision: Revision | null;
  busy: boolean;
  onSave: (label: string | null) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  // Keyed by the revision (see HistoryPanel): each opening starts from that revision's label.
  const [text, setText] = useState(revision?.label ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await onSave(text.trim() === '' ? null : text);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the label. Please try again.'));
    }
  };
  return (
    <Dialog
      open={revision !== null}
      title={`Label revision #${revision?.seq ?? ''}`}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save label'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate>
        {error && <Alert>{error}</Alert>}
        <div className="field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p className="field__hint" id={`${id}-hint`}>
            Up to 100 characters. Leave empty to remove the label.
          </p>
        </div>
      </form>
    </Dialog>
  );
}
