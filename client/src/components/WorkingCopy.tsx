import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/api';
import { formatTime } from '../lib/format';
import { AutosaveTimer, conflictOf, type Conflict, type Draft, type DraftSource, type Snapshot } from '../lib/revisions';
import type { useVersionedSave } from './ConflictDialog';
import { ConfirmDialog } from './Dialog';
import './WorkingCopy.css';

type Status = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'failed' } | { state: 'stopped' };

/**
 * The autosave of an item's working copy: about 2 s after typing stops, and at once when the tab
 * is hidden or closed (fetch with keepalive, which outlives the page; sendBeacon cannot PUT or
 * send If-Match). Each write sends the draft version the last one answered, so a second tab's
 * writes are a 409, never a silent overwrite: autosaving then stops in this tab and `onConflict`
 * shows it. `enabled` is false until the item exists (a new article autosaves after its first save).
 */
export function useAutosave({
  source,
  initial,
  snapshot,
  enabled,
  onConflict,
}: {
  source: DraftSource;
  initial: Draft | null;
  snapshot: Snapshot;
  enabled: boolean;
  onConflict: (conflict: Conflict<Draft>) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const key = JSON.stringify(snapshot);
  // Read by the timer's callback and the unload listeners, which outlive renders.
  const latest = useRef({ snapshot, key, source, onConflict, draft: initial });
  const written = useRef(key);
  const timer = useRef<AutosaveTimer | null>(null);
  useEffect(() => {
    latest.current = { ...latest.current, snapshot, key, source, onConflict };
  });

  const remember = (next: Draft | null) => {
    latest.current.draft = next;
    setDraft(next);
  };

  useEffect(() => {
    if (!enabled) return;
    const write = async (keepalive = false) => {
      const { snapshot: sent, key: sentKey, source: to, draft: base } = latest.current;
      if (sentKey === written.current) return;
      setStatus({ state: 'saving' });
      try {
        // With none known, "0": no working copy is expected, so another tab's first write is a 409 here too.
        const saved = await to.put(sent, { ifMatch: base?.version ?? 0, keepalive });
        written.current = sentKey;
        remember(saved);
        setStatus({ state: 'saved', at: saved.updatedAt });
      } catch (error) {
        const conflict = conflictOf<Draft>(error);
        if (!conflict) {
          setStatus({ state: 'failed' });
          return;
        }
        autosave.stop();
        setStatus({ state: 'stopped' });
        latest.current.onConflict(conflict);
      }
    };
    const autosave = new AutosaveTimer(() => write());
    timer.current = autosave;
    const flush = () => {
      if (autosave.takePending()) void write(true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      // Not flushed: the form goes after a restore, a discard or a Reload (whose copy it must not
      // overwrite), or on Cancel; leaving by a link asks first (useUnsavedChanges).
      autosave.stop();
      timer.current = null;
    };
  }, [enabled]);

  useEffect(() => {
    if (key !== written.current) timer.current?.touch();
  }, [key]);

  return {
    /** The working copy as last written (null: none). */
    draft,
    /** Its version now, for a write outside the autosave. */
    version: () => latest.current.draft?.version,
    status,
    /** After an explicit write (Save draft) or a discard: the copy the next autosave builds on. */
    wrote: (next: Draft | null, sent?: Snapshot) => {
      remember(next);
      if (sent) written.current = JSON.stringify(sent);
      if (next) setStatus({ state: 'saved', at: next.updatedAt });
    },
    /** No more autosaves in this form (after Publish, a live save, a conflict). */
    stop: () => timer.current?.stop(),
    /** Drops the autosave due now: an explicit save is writing the same text. */
    hold: () => void timer.current?.takePending(),
  };
}

/** "Saved as draft 14:02" / "Saving…": said politely, as it changes. */
export function AutosaveStatus({ status }: { status: Status }) {
  const text =
    status.state === 'saving'
      ? 'Saving…'
      : status.state === 'saved'
        ? `Saved as draft ${formatTime(status.at)}`
        : status.state === 'failed'
          ? 'Could not save the draft. It will be tried again as you type.'
          : status.state === 'stopped'
            ? 'Autosave stopped: this was changed in another tab or by someone else.'
            : '';
  return (
    <p className="working-copy__status" aria-live="polite">
      {text}
    </p>
  );
}

/**
 * Above the form, when it holds a working copy: an autosave restored ("Restored your unsaved
 * changes from 14:02 — Discard") or a saved draft ("Unpublished changes — saved 14:02 by Ann").
 */
export function DraftBanner({ draft, restored, onDiscard }: { draft: Draft; restored: boolean; onDiscard: () => void }) {
  const at = formatTime(draft.updatedAt);
  return (
    <div className="working-copy__banner" role="status">
      {restored ? (
        <span>Restored your unsaved changes from {at} — </span>
      ) : (
        <span>
          Unpublished changes — saved {at}
          {draft.updatedBy ? ` by ${draft.updatedBy.name}` : ''}
          {' — '}
        </span>
      )}
      <button type="button" className="button button--small" onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}

type Mode = 'live' | 'draft' | 'publish';

/** Stands in while the item has no id yet: never called, since the autosave is off then. */
const NO_SOURCE: DraftSource = {
  put: () => Promise.reject(new Error('No working copy before the first save')),
  remove: () => Promise.resolve(),
  publish: () => Promise.reject(new Error('No working copy before the first save')),
};

/**
 * The working-copy side of an edit form: the autosave, and beside the form's own save (which
 * still changes the live item at once) Save draft, Publish changes and Discard for a published
 * item. Their buttons set the mode and send the form, so all three saves go through the form's
 * one save (its refusals under the fields, the sign-in-again dialog, the conflicts): the form's
 * `save` calls `run`.
 */
export function useDraftActions<Item>({
  source,
  initial,
  snapshot,
  published,
  publish = true,
  versioned,
  onReload,
  onDiscarded,
}: {
  /** null while the item does not exist yet (a new article autosaves after its first save). */
  source: DraftSource | null;
  initial: Draft | null;
  /** The form's values as a snapshot, now. */
  snapshot: Snapshot;
  /** Save draft and Publish changes are offered (the item is live); else only the autosave. */
  published: boolean;
  /**
   * The account's role may publish (GET /api/admins/me's `can`). Without it a live item's changes
   * only ever go into the working copy: the form's own save writes it, and there is no Publish changes.
   */
  publish?: boolean;
  versioned: ReturnType<typeof useVersionedSave<Item | Draft>>;
  /** Take their copy after a conflict (a live item or a working copy): the form starts again from it. */
  onReload: (current: Item | Draft) => void;
  /** The working copy is gone: the form starts again from the live item. */
  onDiscarded: () => void;
}) {
  const mode = useRef<Mode>('live');
  const lastMode = useRef<Mode>('live');
  const autosave = useAutosave({
    source: source ?? NO_SOURCE,
    initial,
    snapshot,
    enabled: source !== null,
    onConflict: (conflict) => {
      const yours = snapshot;
      // Keep editing leaves the autosave stopped; the explicit saves still send the version and ask.
      void versioned
        .ask(conflict, yours)
        .then(async (choice) => {
          if (choice === 'reload') onReload(conflict.current);
          if (choice === 'overwrite' && source) onReload(await source.put(yours, { ifMatch: conflict.current.version }));
        })
        .catch((error: unknown) => console.error('Overwriting the working copy failed', error));
    },
  });
  const [discarding, setDiscarding] = useState(false);
  const [discardBusy, setDiscardBusy] = useState(false);
  const [discardError, setDiscardError] = useState<string | null>(null);

  /** Writes the form into the working copy (a 409 asks like any save). */
  const writeDraft = async (to: DraftSource, yours: Snapshot, checkpoint: boolean) => {
    // The working copy's own version, as the autosave last had it (a conflict's Overwrite moves it on).
    const versions = { current: autosave.version() ?? 0 };
    const saved = await versioned.send((ifMatch) => to.put(yours, { checkpoint, ifMatch }), yours, onReload, versions);
    autosave.wrote(saved, yours);
    return saved;
  };

  const run = async (yours: Snapshot, saveLive: (ifMatch: number | undefined) => Promise<Item>): Promise<Item | Draft> => {
    const how: Mode = mode.current === 'live' && published && !publish ? 'draft' : mode.current;
    mode.current = 'live';
    lastMode.current = how;
    if (!source) return versioned.send(saveLive, yours, onReload);
    autosave.hold();
    if (how === 'draft') return writeDraft(source, yours, true);
    if (how === 'publish') {
      await writeDraft(source, yours, false);
      const item = await versioned.send((ifMatch) => source.publish(ifMatch) as Promise<Item>, yours, onReload);
      autosave.stop();
      return item;
    }
    const item = await versioned.send(saveLive, yours, onReload);
    autosave.stop();
    // The text is live now: a working copy left behind would be offered again as unsaved changes.
    if (autosave.draft) await source.remove().catch(() => undefined);
    return item;
  };

  const discard = async () => {
    setDiscardBusy(true);
    setDiscardError(null);
    try {
      autosave.stop();
      await source?.remove();
      setDiscarding(false);
      onDiscarded();
    } catch (error) {
      setDiscardError(errorMessage(error, 'Could not discard the draft. Please try again.'));
    } finally {
      setDiscardBusy(false);
    }
  };

  /**
   * Save draft and Publish changes send the form as its own button does (so through its one save),
   * saying first what the save is. They are not submit buttons: the form keeps one default action
   * (Enter), the live save.
   */
  const submitAs = (how: Mode, form: HTMLFormElement | null) => {
    // A save on its way (the form says it is busy) finishes first; this click is not kept for later.
    if (!form || form.getAttribute('aria-busy') === 'true') return;
    mode.current = how;
    form.requestSubmit();
  };

  const buttons =
    published && source ? (
      <>
        {publish && (
          <>
            <button type="button" className="button" onClick={(event) => submitAs('draft', event.currentTarget.form)}>
              Save draft
            </button>
            <button type="button" className="button" onClick={(event) => submitAs('publish', event.currentTarget.form)}>
              Publish changes
            </button>
          </>
        )}
        {autosave.draft && (
          <button type="button" className="button" onClick={() => setDiscarding(true)}>
            Discard
          </button>
        )}
      </>
    ) : null;

  return {
    run,
    /** What the last save was (after `run`): the form's onSaved says and goes on accordingly. */
    lastMode: () => lastMode.current,
    draft: autosave.draft,
    status: <AutosaveStatus status={autosave.status} />,
    buttons,
    /** Sends the form as Save draft (the editor's Preview of a published item) or Publish changes does. */
    submitAs: (how: 'draft' | 'publish', form: HTMLFormElement | null) => submitAs(how, form),
    askDiscard: () => {
      setDiscardError(null);
      setDiscarding(true);
    },
    dialog: (
      <ConfirmDialog
        open={discarding}
        title="Discard the unpublished changes?"
        message={
          <>
            {discardError && <span className="field__error">{discardError} </span>}
            The draft is deleted; the form shows the live copy again. The history keeps every draft saved with Save draft.
          </>
        }
        confirmLabel="Discard"
        busyLabel="Discarding…"
        busy={discardBusy}
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(false)}
      />
    ),
  };
}

/** A list's mark on an item with a working copy (`hasDraft`): the public still sees the live copy. */
export function DraftMark({ item }: { item: { hasDraft: boolean } }) {
  return item.hasDraft ? <p className="working-copy__mark">Unpublished changes</p> : null;
}
