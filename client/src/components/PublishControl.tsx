import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSiteLink } from '../lib/site-address';
import { formatSiteTime, SITE_TIME_ZONE, zonedInputToIso } from '../lib/site-time';
import './PublishControl.css';

/** What a visitor sees of an item now: a draft, one scheduled for later, or published. */
export type PublicState = 'draft' | 'scheduled' | 'published';

export function publicStateOf(item: { status: 'draft' | 'published'; publishAt: string | null }, now = Date.now()): PublicState {
  if (item.status === 'draft') return 'draft';
  return item.publishAt && new Date(item.publishAt).getTime() > now ? 'scheduled' : 'published';
}

/**
 * The line under an editor's heading: what visitors see of the item now, and for a scheduled or
 * published one "View on site", its page in a new tab (a scheduled one, or any while maintenance
 * is on, at the preview's address, marked). Without an item (a new one, not saved yet), that it starts as a draft.
 */
export function PublicationStatus({
  item,
  href,
}: {
  item: { status: 'draft' | 'published'; publishAt: string | null } | undefined;
  /** The public page's address. */
  href: string;
}) {
  // The time the line was first shown: a scheduled item turns published on the next load.
  const [now] = useState(() => Date.now());
  if (!item) return <p className="publication-status">Draft: not on the site until you publish it</p>;
  const state = publicStateOf(item, now);
  return (
    <p className={`publication-status publication-status--${state}`}>
      <span className="publication-status__state">
        {state === 'draft' ? (
          'Draft: not on the site yet'
        ) : state === 'scheduled' ? (
          <>
            Scheduled for <time dateTime={item.publishAt!}>{formatSiteTime(item.publishAt!)}</time>
          </>
        ) : (
          'Published'
        )}
      </span>
      {state !== 'draft' && <ViewOnSite href={href} unpublished={state === 'scheduled'} />}
    </p>
  );
}

/**
 * "View on site": the item's page, in a new tab: its visitors' address (`href`), or the preview's
 * where that would not show it (`unpublished`: scheduled; or maintenance on).
 */
export function ViewOnSite({ href, name, unpublished = false }: { href: string; name?: string; unpublished?: boolean }) {
  const siteLink = useSiteLink();
  return (
    <a href={siteLink(href, unpublished)} target="_blank" rel="noopener">
      View on site{name && <span className="visually-hidden">: {name}</span>}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

type When = 'now' | 'schedule';

/**
 * Publish, with "Now" or "Schedule for…" (a date and time on the site's clock, its zone named):
 * a button that opens the choice under it, Escape or Cancel closing it again. `onPublish` gets the
 * moment (an ISO time) or null for now; a time not in the future is refused here, in words.
 */
export function PublishControl({
  onPublish,
  busy,
  timeZone = SITE_TIME_ZONE,
  now = () => Date.now(),
}: {
  onPublish: (publishAt: string | null) => void;
  busy: boolean;
  timeZone?: string;
  /** The clock a schedule must be after (tests give their own). */
  now?: () => number;
}) {
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<When>('now');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = () => {
    setOpen(false);
    setError(null);
    opener.current?.focus();
  };

  const confirm = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (when === 'now') return onPublish(null);
    const moment = zonedInputToIso(at, timeZone);
    if (!moment) return setError('Choose the date and time to publish at.');
    if (new Date(moment).getTime() <= now()) return setError(`Choose a time in the future (${timeZone}).`);
    setError(null);
    onPublish(moment);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="publish-control">
      <button
        ref={opener}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Publish…
      </button>
      {open && (
        // A group inside the article's form (a form cannot hold another): Enter in the time confirms.
        <div className="publish-control__panel" id={`${id}-panel`} role="group" aria-labelledby={`${id}-legend`} onKeyDown={onKeyDown}>
          <p className="publish-control__legend" id={`${id}-legend`}>
            Publish
          </p>
          <div className="publish-control__choices" role="radiogroup" aria-label="When">
            <label className="publish-control__choice">
              <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} autoFocus />
              Now
            </label>
            <label className="publish-control__choice">
              <input type="radio" name={`${id}-when`} checked={when === 'schedule'} onChange={() => setWhen('schedule')} />
              Schedule for…
            </label>
          </div>
          {when === 'schedule' && (
            <div className="field publish-control__time">
              <label htmlFor={`${id}-at`}>Date and time ({timeZone})</label>
              <input
                id={`${id}-at`}
                type="datetime-local"
                value={at}
                onChange={(event) => {
                  setAt(event.target.value);
                  setError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') confirm(event);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-zone${error ? ` ${id}-error` : ''}`}
              />
              <p className="field__hint" id={`${id}-zone`}>
                In the site&apos;s time zone: {timeZone}.
              </p>
              {error && (
                <p className="field__error" id={`${id}-error`} role="alert">
                  {error}
                </p>
              )}
            </div>
          )}
          <div className="publish-control__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => confirm()}>
              {when === 'now' ? 'Publish now' : 'Schedule'}
            </button>
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
