import { Link } from 'react-router-dom';
import './CardList.css';

/**
 * Edit and Delete for one item of a list; the item's name completes their accessible names. Delete
 * is outlined in the danger colour, never the loudest thing on the card. Either is left out when
 * the account's role may not do it (no `editTo`, no `onDelete`).
 */
export function ItemActions({
  name,
  editTo,
  editState,
  onDelete,
}: {
  name: string;
  editTo?: string;
  editState?: unknown;
  onDelete?: () => void;
}) {
  if (editTo === undefined && onDelete === undefined) return null;
  return (
    <div className="card__actions">
      {editTo !== undefined && (
        <Link className="button button--small" to={editTo} state={editState}>
          Edit<span className="visually-hidden"> {name}</span>
        </Link>
      )}
      {onDelete && (
        <button type="button" className="button button--small button--danger-outline" onClick={onDelete}>
          Delete<span className="visually-hidden"> {name}</span>
        </button>
      )}
    </div>
  );
}
