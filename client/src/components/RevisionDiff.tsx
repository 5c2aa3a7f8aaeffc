import { useId } from 'react';
import { changedFields, diffText, valueText, type DiffField, type Snapshot } from '../lib/revisions';
import './RevisionDiff.css';

/**
 * Two texts side by side, word by word: the older one with its deletions struck through, the newer
 * with its insertions underlined. Not by colour alone: each change also says "deleted:" or
 * "inserted:" to a screen reader, and <del>/<ins> carry the meaning in the markup.
 */
export function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = diffText(before, after);
  return (
    <>
      <div className="diff__side">
        {parts.map((part, index) =>
          part.type === 'ins' ? null : part.type === 'del' ? (
            <del key={index}>
              <span className="visually-hidden">deleted: </span>
              {part.text}
            </del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </div>
      <div className="diff__side">
        {parts.map((part, index) =>
          part.type === 'del' ? null : part.type === 'ins' ? (
            <ins key={index}>
              <span className="visually-hidden">inserted: </span>
              {part.text}
            </ins>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </div>
    </>
  );
}

/**
 * Two snapshots compared field by field, the older on the left: texts word by word, photos side by
 * side, other values as they are. `changedOnly` leaves out the fields that are the same.
 */
export function SnapshotDiff({
  fields,
  before,
  after,
  beforeLabel,
  afterLabel,
  changedOnly,
  photoUrl,
}: {
  fields: DiffField[];
  before: Snapshot;
  after: Snapshot;
  beforeLabel: string;
  afterLabel: string;
  changedOnly: boolean;
  photoUrl?: (path: string) => string;
}) {
  const id = useId();
  const changed = changedFields(fields, before, after);
  const shown = changedOnly ? fields.filter((field) => changed.has(field.name)) : fields;
  return (
    <div className="diff">
      <div className="diff__heads" aria-hidden="true">
        <span>{beforeLabel}</span>
        <span>{afterLabel}</span>
      </div>
      {shown.length === 0 && <p className="diff__none">No fields changed.</p>}
      {shown.map((field) => {
        const old = valueText(before[field.name]);
        const now = valueText(after[field.name]);
        return (
          <div key={field.name} role="group" className="diff__field" aria-labelledby={`${id}-${field.name}`}>
            <h4 id={`${id}-${field.name}`} className="diff__name">
              {field.label}
              {!changed.has(field.name) && <span className="diff__same"> (unchanged)</span>}
            </h4>
            <div className="diff__row">
              {field.type === 'text' ? (
                <TextDiff before={old} after={now} />
              ) : field.type === 'photo' ? (
                <>
                  <Photo path={old} label={`${field.label}, ${beforeLabel}`} photoUrl={photoUrl} />
                  <Photo path={now} label={`${field.label}, ${afterLabel}`} photoUrl={photoUrl} />
                </>
              ) : (
                <>
                  <div className="diff__side">{changed.has(field.name) ? <del>{old || '(none)'}</del> : old || '(none)'}</div>
                  <div className="diff__side">{changed.has(field.name) ? <ins>{now || '(none)'}</ins> : now || '(none)'}</div>
                </>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function Photo({ path, label, photoUrl }: { path: string; label: string; photoUrl?: (path: string) => string }) {
  return (
    <div className="diff__side">
      {path && photoUrl ? <img className="diff__photo" src={photoUrl(path)} alt={label} /> : <span className="diff__none">No photo</span>}
    </div>
  );
}
