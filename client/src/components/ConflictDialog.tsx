import { useRef, useState, type ReactNode } from 'react';
import { formatTime } from '../lib/format';
import { conflictOf, type Conflict, type DiffField, type Snapshot } from '../lib/revisions';
import { Dialog } from './Dialog';
import { SnapshotDiff } from './RevisionDiff';
import { Switch } from './Switch';

export type ConflictChoice = 'overwrite' | 'reload' | 'cancel';

interface Asked {
  conflict: Conflict<unknown>;
  yours: Snapshot;
  theirs: Snapshot;
  settle: (choice: ConflictChoice) => void;
}

/**
 * Saves that send the version they were made from (If-Match), and what a 409 then asks: someone
 * else saved since. The user's text stays in the form until they choose: Compare (theirs against
 * yours), Reload (take theirs; theirs replaces the text), Overwrite (save again over their version).
 */
export function useVersionedSave<Current>({
  version,
  what,
  fields,
  photoUrl,
  snapshotOf,
}: {
  /** The version the form was loaded at; undefined sends no If-Match. */
  version: number | undefined;
  /** What was saved, as the sentence names it: "this article", "the settings". */
  what: string;
  fields: DiffField[];
  photoUrl?: (path: string) => string;
  /** The conflicting copy as a snapshot, to compare with the form. */
  snapshotOf: (current: Current) => Snapshot;
}) {
  const versionRef = useRef(version);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [comparing, setComparing] = useState(false);
  const [changedOnly, setChangedOnly] = useState(true);

  const ask = (conflict: Conflict<Current>, yours: Snapshot) =>
    new Promise<ConflictChoice>((settle) => {
      setComparing(false);
      setAsked({ conflict: conflict as Conflict<unknown>, yours, theirs: snapshotOf(conflict.current), settle });
    });

  const answer = (choice: ConflictChoice) => {
    asked?.settle(choice);
    setAsked(null);
  };

  /**
   * Sends `attempt` with the version held (the live item's, or `versions` for another copy, e.g.
   * the working copy's); on a 409 asks. Overwrite sends it again with their version; Reload hands
   * their copy to `onReload` (the form starts again from it); Cancel keeps the form as it is and
   * rethrows, so the form says it was not saved.
   */
  const send = async <Reply,>(
    attempt: (ifMatch: number | undefined) => Promise<Reply>,
    yours: Snapshot,
    onReload: (current: Current) => void,
    versions: { current: number | undefined } = versionRef,
  ) => {
    for (;;) {
      try {
        const reply = await attempt(versions.current);
        const next = (reply as { version?: unknown } | undefined)?.version;
        if (typeof next === 'number') versions.current = next;
        return reply;
      } catch (error) {
        const conflict = conflictOf<Current>(error);
        if (!conflict) throw error;
        const choice = await ask(conflict, yours);
        const theirs = (conflict.current as { version?: unknown }).version;
        if (choice === 'overwrite' && typeof theirs === 'number') {
          versions.current = theirs;
          continue;
        }
        if (choice === 'reload') onReload(conflict.current);
        throw error;
      }
    }
  };

  const who = asked?.conflict.changedBy?.name ?? 'Someone';
  const title = asked ? `${who} saved ${what} at ${formatTime(asked.conflict.changedAt)} since you opened it` : '';
  const dialog: ReactNode = (
    <Dialog
      open={asked !== null}
      title={title}
      onClose={() => answer('cancel')}
      wide={comparing}
      actions={
        <>
          <button type="button" className="button" onClick={() => answer('cancel')}>
            Keep editing
          </button>
          <button type="button" className="button" onClick={() => setComparing((now) => !now)} aria-expanded={comparing}>
            Compare
          </button>
          <button type="button" className="button" onClick={() => answer('reload')}>
            Reload
          </button>
          <button type="button" className="button button--primary" onClick={() => answer('overwrite')}>
            Overwrite
          </button>
        </>
      }
    >
      {asked && (
        <>
          <p>Your text is still in the form. Reload takes their version: your text is lost. Overwrite saves yours over theirs.</p>
          {comparing && (
            <>
              <Switch label="Changed fields only" checked={changedOnly} onChange={(event) => setChangedOnly(event.target.checked)} />
              <SnapshotDiff
                fields={fields}
                before={asked.theirs}
                after={asked.yours}
                beforeLabel="Theirs"
                afterLabel="Yours"
                changedOnly={changedOnly}
                photoUrl={photoUrl}
              />
            </>
          )}
        </>
      )}
    </Dialog>
  );

  return {
    send,
    dialog,
    /** The version the next save sends (after a restore or publish changed it). */
    setVersion: (next: number | undefined) => {
      versionRef.current = next;
    },
    version: () => versionRef.current,
    /** Shows the conflict an autosave met (the working copy), answered like a save's. */
    ask,
  };
}
