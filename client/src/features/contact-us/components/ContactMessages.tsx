import { Fragment } from 'react';
import { SelectBox } from '../../../components/BulkBar';
import { LoadingBar } from '../../../components/CardList';
import type { Selection } from '../../../components/useSelection';
import { itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import type { ContactMessage, SiteLanguage } from '../api/contact-us';
import { messageLanguage } from '../language';
import { DeleteIcon, ViewIcon } from './icons';

/**
 * How much of a message the list carries: more than two lines hold at any width, so the clamp
 * (CSS, two lines) is what cuts it; the view dialog has the whole text.
 */
const EXCERPT_LENGTH = 300;

/** What an empty phone number reads as in the list. */
const NO_PHONE = '—';

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const chars = Array.from(flat);
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : flat;
}

/** What both views of a page of messages take. */
export interface MessagesProps {
  messages: ContactMessage[];
  selection: Selection;
  /** The next page is on its way: the current one stays, dimmed. */
  loading: boolean;
  /** The site's languages: with more than one, each message says which it was written from. */
  languages?: readonly SiteLanguage[];
  onView: (message: ContactMessage) => void;
  onDelete: (message: ContactMessage) => void;
}

/** View and Delete of one message; the sender's name completes their accessible names. */
function MessageActions({ message, onView, onDelete }: { message: ContactMessage } & Pick<MessagesProps, 'onView' | 'onDelete'>) {
  return (
    <div className="contact-actions">
      <button type="button" className="icon-button" aria-label={`View message from ${message.name}`} onClick={() => onView(message)}>
        <ViewIcon />
      </button>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={`Delete message from ${message.name}`}
        onClick={() => onDelete(message)}
      >
        <DeleteIcon />
      </button>
    </div>
  );
}

/**
 * Unread rows are bold with a dot; the dot is an image named "Unread", so screen readers say it
 * before the sender's name (and the cell's text stays the name).
 */
function UnreadMark({ message }: { message: ContactMessage }) {
  if (message.readAt) return null;
  return <span className="unread-dot" role="img" aria-label="Unread" />;
}

/** An address that may wrap after its @ and before a dot (and nowhere else unless it must), never cut. */
function Email({ address }: { address: string }) {
  // The break points marked with a NUL (never in a stored address), then split there.
  const parts = address.replace(/@/g, '@\u0000').replace(/\./g, '\u0000.').split('\u0000');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** "11/25/2026, 04:04 AM", which may wrap after the date but never inside the date or the time. */
function DateTime({ iso }: { iso: string }) {
  const shown = formatDateTime(iso);
  const at = shown.lastIndexOf(', ');
  const [date, time] = at < 0 ? [shown, undefined] : [shown.slice(0, at), shown.slice(at + 2)];
  return (
    <time dateTime={iso}>
      {time === undefined ? (
        date
      ) : (
        <>
          <span className="contact-table__nowrap">{date},</span> <span className="contact-table__nowrap">{time}</span>
        </>
      )}
    </time>
  );
}

/** The language the message was written from, on a site of several (issue #41); nothing otherwise. */
function Language({ message, languages }: { message: ContactMessage; languages?: readonly SiteLanguage[] }) {
  const name = messageLanguage(message, languages);
  if (name === null) return null;
  return (
    <span className="contact-lang">
      <span className="visually-hidden">Language: </span>
      {name}
    </span>
  );
}

const unreadClass = (message: ContactMessage) => (message.readAt ? '' : 'contact--unread');

/** On a phone: one card per message, View and Delete at hand. */
export function MessageCards({ messages, selection, loading, languages, ...actions }: MessagesProps) {
  return (
    <>
      <LoadingBar active={loading} />
      <ul className="contact-cards" aria-label="Contact messages" aria-busy={loading}>
        {messages.map((message) => (
          <li key={itemId(message)} className={`contact-card ${unreadClass(message)}`}>
            <div className="contact-card__head">
              <SelectBox selection={selection} id={itemId(message)} name={`message from ${message.name}`} />
              <h2 className="contact-card__name">
                <UnreadMark message={message} />
                {message.name}
              </h2>
              <time className="contact-card__date" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </time>
              <Language message={message} languages={languages} />
            </div>
            <p className="contact-card__line">{message.email}</p>
            <p className="contact-card__line">{message.phno || NO_PHONE}</p>
            <p className="contact-card__text contact-clamp">{excerpt(message.msg)}</p>
            <MessageActions message={message} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * From a tablet up: the spec's table. Name, email, phone and date are shown whole (a value too
 * long for a line wraps rather than being cut); the message takes the room left, two lines at most.
 */
export function MessageTable({ messages, selection, loading, languages, ...actions }: MessagesProps) {
  return (
    <>
      <LoadingBar active={loading} />
      <div className="table-wrap" aria-busy={loading}>
        <table className="table contact-table">
          <caption className="visually-hidden">Contact messages</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Email</th>
              <th scope="col">Message</th>
              <th scope="col">Date</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={itemId(message)} className={unreadClass(message) || undefined}>
                <td>
                  <SelectBox selection={selection} id={itemId(message)} name={`message from ${message.name}`} />
                </td>
                <td className="contact-table__name">
                  <UnreadMark message={message} />
                  {message.name}
                </td>
                <td className="contact-table__phone">{message.phno || NO_PHONE}</td>
                <td className="contact-table__email">
                  <Email address={message.email} />
                </td>
                <td>
                  <div className="contact-clamp contact-table__message">{excerpt(message.msg)}</div>
                </td>
                <td>
                  <DateTime iso={message.createdAt} />
                  <Language message={message} languages={languages} />
                </td>
                <td>
                  <MessageActions message={message} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
