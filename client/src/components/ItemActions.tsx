import { Link } from 'react-router-dom';
import './CardList.css';

/**
 * Edit and Delete for one item of a list; the item's name completes their accessible names. Delete
 * is outlined in the danger colour, never the loudest thing on the card.
 */
export function ItemActions({
  name,
  editTo,
  editState,
  onDelete,
}: {
  name: string;
  editTo: string;
  editState?: unknown;
  onDelete: () => void;
}) {
  return (
    <div className="card__actions">
      <Link className="button button--small" to={editTo} state={editState}>
        Edit<span className="visually-hidden"> {name}</span>
      </Link>
      <button type="button" className="button button--small button--danger-outline" onClick={onDelete}>
        Delete<span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
