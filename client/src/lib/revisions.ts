import { diffWords } from 'diff';
import { ApiError, type ApiSchema } from './api';

/*
 * History, working copies and stale versions (issue #36), the same for every content kind and the
 * settings. The screens give the shared components what differs per kind: a `HistorySource` and a
 * `DraftSource` built from their own API paths.
 */

/** Who saved something, as the API names them. */
export type Author = ApiSchema<'RevisionAdmin'>;

/** One saved state of an item: why and by whom, which fields changed, pinned, live, a draft's checkpoint. */
export type Revision = ApiSchema<'Revision'>;

export type RevisionReason = Revision['reason'];

/** The editable fields of an item at one time, as the server snapshots them. */
export type Snapshot = Record<string, unknown>;

export type RevisionDetail = ApiSchema<'RevisionDetail'>;

export type RevisionPage = ApiSchema<'RevisionPage'>;

/** The working copy of an item (one per item), which the public never sees; `version` is its own. */
export type Draft = ApiSchema<'Draft'>;

export interface RestoreReply<Item> {
  to: 'draft' | 'live';
  item: Item;
  draft: Draft | null;
}

/** What the shared History panel needs of one item's revisions. */
export interface HistorySource<Item = unknown> {
  /** The query key every revision query of this item starts with. */
  key: readonly unknown[];
  list: (before: number | undefined, signal?: AbortSignal) => Promise<RevisionPage>;
  get: (seq: number, signal?: AbortSignal) => Promise<RevisionDetail>;
  /** Pin and label (absent for the settings, whose revisions have neither). */
  update?: (seq: number, changes: { pinned?: boolean; label?: string | null }) => Promise<Revision>;
  /** `to` is absent for the settings, which have no working copy: a restore is live. */
  restore: (seq: number, to: 'draft' | 'live' | undefined, version: number | undefined) => Promise<RestoreReply<Item>>;
  /** The item has a working copy to restore into (news and services; not the settings). */
  drafts: boolean;
  /** "article", "service", "settings": how the panel's sentences name the item. */
  noun: string;
  fields: DiffField[];
}

/** How the compare view shows a snapshot field. */
export interface DiffField {
  name: string;
  label: string;
  /** text: word by word; photo: the two images; value: the two values as they are. */
  type: 'text' | 'photo' | 'value';
}

/** What the working-copy controls need of one item's draft. */
export interface DraftSource {
  put: (snapshot: Snapshot, options: { checkpoint?: boolean; ifMatch?: number; keepalive?: boolean }) => Promise<Draft>;
  remove: () => Promise<unknown>;
  publish: (version: number | undefined) => Promise<unknown>;
}

/** A 409 on a stale version: the copy the server holds now, who saved it and when. */
export interface Conflict<Current> {
  message: string;
  current: Current;
  changedBy: Author | null;
  changedAt: string;
}

/** The conflict a failed save carries, or null when it failed otherwise. */
export function conflictOf<Current>(error: unknown): Conflict<Current> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<Conflict<Current>> & { error?: { version?: { msg?: string } } };
  const message = body?.error?.version?.msg;
  if (!message || body.current === undefined) return null;
  return { message, current: body.current, changedBy: body.changedBy ?? null, changedAt: body.changedAt ?? new Date().toISOString() };
}

/** A piece of a word-by-word comparison: unchanged, inserted or deleted text. */
export interface DiffPart {
  type: 'same' | 'ins' | 'del';
  text: string;
}

/** Two texts compared word by word (the `diff` package's diffWords). */
export function diffText(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    type: change.added ? 'ins' : change.removed ? 'del' : 'same',
    text: change.value,
  }));
}

/** A snapshot value as text for the compare view ('' for none). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields whose values differ between two snapshots. */
export function changedFields(fields: DiffField[], before: Snapshot, after: Snapshot): Set<string> {
  return new Set(fields.filter((field) => valueText(before[field.name]) !== valueText(after[field.name])).map((field) => field.name));
}

/**
 * The autosave's timing, apart from React: `touch()` on every edit (re)starts the wait; when it
 * ends the save runs. One save at a time, since each sends the version the one before answered;
 * an edit during a save runs one more after it. `takePending()` is for the tab being hidden or
 * closed: it says whether a save was due and cancels it (the caller sends one that outlives the page).
 */
export class AutosaveTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly save: () => Promise<void>,
    private readonly delay = 2000,
  ) {}

  /** A save is due: waiting for typing to stop, or queued behind the running one. */
  get pending(): boolean {
    return this.timer !== null || this.again;
  }

  touch(): void {
    if (this.stopped) return;
    this.clear();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, this.delay);
  }

  takePending(): boolean {
    const due = this.pending;
    this.clear();
    this.again = false;
    return due;
  }

  /** No more saves (a conflict, the form gone). */
  stop(): void {
    this.stopped = true;
    this.clear();
    this.again = false;
  }

  private clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.save()
      .catch(() => undefined)
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }
}

/** An item's version as a read gives it (undefined: none, and the saves send no If-Match). */
export function versionOf(item: unknown): number | undefined {
  const version = (item as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? version : undefined;
}

/** A conflict's current copy is a working copy (a Draft) rather than a live item. */
export function isDraft(value: unknown): value is Draft {
  return typeof value === 'object' && value !== null && 'snapshot' in value && 'baseVersion' in value;
}

/**
 * The working copy a form opens on: a saved draft always (it is what the item's editing goes on
 * from); an autosave only when it is newer than the live copy (else the live copy was saved since).
 * `restored` marks an autosave, which the form offers as "Restored your unsaved changes".
 */
export function draftToOpen(draft: Draft | null, live: { updatedAt: string }): { draft: Draft; restored: boolean } | null {
  if (!draft) return null;
  if (!draft.autosaved) return { draft, restored: false };
  const version = versionOf(live);
  const newer = version !== undefined ? draft.baseVersion >= version : draft.updatedAt > live.updatedAt;
  return newer ? { draft, restored: true } : null;
}
