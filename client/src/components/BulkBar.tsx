import { useEffect, useRef, type ReactNode } from 'react';
import type { Selection } from './useSelection';
import './BulkBar.css';

/**
 * Above a list: "Select all on this page", and once rows are ticked, how many and the actions for
 * them (`children`). The count is a polite live region, so ticking a row is heard.
 */
export function BulkBar({ selection, label, children }: { selection: Selection; label: string; children: ReactNode }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Mixed (some ticked) exists only as a property, not an attribute.
    if (box.current) box.current.indeterminate = selection.some;
  }, [selection.some]);

  return (
    <div className="bulk-bar" role="toolbar" aria-label={label}>
      <label className="bulk-bar__all">
        <input ref={box} type="checkbox" checked={selection.all} onChange={selection.toggleAll} />
        Select all on this page
      </label>
      <span className="bulk-bar__count" aria-live="polite">
        {selection.count > 0 ? `${selection.count} selected` : ''}
      </span>
      {selection.count > 0 && <div className="bulk-bar__actions">{children}</div>}
    </div>
  );
}

/**
 * One row's tick box; `name` completes its accessible name ("Select Spring sale"). The label around
 * it is its hit area, a finger's size on a phone (issue 38), however small the box is drawn.
 */
export function SelectBox({ selection, id, name }: { selection: Selection; id: string; name: string }) {
  return (
    <label className="select-box">
      <input type="checkbox" aria-label={`Select ${name}`} checked={selection.isSelected(id)} onChange={() => selection.toggle(id)} />
    </label>
  );
}
