import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { CardList } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { describeActivity, FIELD_NAMES } from '../../../lib/activity-text';
import { KIND_NAMES } from '../../../lib/content-kinds';
import { addressName } from '../../../lib/address-name';
import { formatDateTime } from '../../../lib/format';
import { withPage } from '../../../lib/pages';
import { usePageParam } from '../../../lib/search-params';
import { useLoggedError } from '../../../lib/use-logged-error';
import { activityQueries, type ActivityEntry, type ActivityFilters } from '../api/activity';
import '../../../components/Field.css';
import './ActivityScreen.css';

/** A select box whose value lives in the URL (`?<param>=`), going back to page 1 when it changes. */
function useFilterParam(param: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams((current) => {
      const next = withPage(current, 1);
      if (value) next.set(param, value);
      else next.delete(param);
      return next;
    });
  return [params.get(param) ?? '', set];
}

/**
 * The link of an entry about a revision to the item's History, open on it (`…/edit?revision=<seq>`),
 * when the server's entry names the revision; nothing for every other entry.
 */
function RevisionLink({ entry }: { entry: ActivityEntry }) {
  const { seq } = entry;
  if (seq === null) return null;
  const to =
    entry.kind === 'settings'
      ? paths.settingsRevision(seq)
      : entry.itemId && entry.kind === 'news'
        ? paths.news.revision(entry.itemId, seq)
        : entry.itemId && entry.kind === 'services'
          ? paths.services.revision(entry.itemId, seq)
          : entry.itemId && entry.kind === 'pages'
            ? paths.pages.revision(entry.itemId, seq)
            : null;
  if (!to) return null;
  return (
    <p className="card__text activity__revision">
      <Link to={to}>See revision #{seq} in the history</Link>
    </p>
  );
}

/** What every administrator did, newest first, filterable by administrator and kind. */
export function ActivityScreen() {
  const [page] = usePageParam();
  const [admin, setAdmin] = useFilterParam('admin');
  const [kind, setKind] = useFilterParam('kind');
  // The URL's text as it stands: the server answers 400 for a kind it does not know, and the screen shows it.
  const query = useQuery(activityQueries.list({ page, admin: admin || undefined, kind: (kind || undefined) as ActivityFilters['kind'] }));
  const admins = useQuery(activityQueries.admins());
  const id = useId();
  useLoggedError('Loading the activity failed', query.error);

  return (
    <section className="screen">
      <PageHeader title="Activity" />
      <div className="activity__filters">
        <div className="field">
          <label htmlFor={`${id}-admin`}>Administrator</label>
          <select id={`${id}-admin`} value={admin} onChange={(event) => setAdmin(event.target.value)}>
            <option value="">All administrators</option>
            {admins.data?.data.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">All kinds</option>
            {Object.entries(KIND_NAMES).map(([value, names]) => (
              <option key={value} value={value}>
                {names.many}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CardList query={query} label="Activity" loadingLabel="Loading the activity" failure="Sorry, the activity could not be loaded.">
        {(entry) => (
          <>
            <p className="activity__what">{describeActivity(entry)}</p>
            {entry.fields && entry.fields.length > 0 && (
              <p className="card__text">Changed: {entry.fields.map((field) => FIELD_NAMES[field] ?? field).join(', ')}</p>
            )}
            <RevisionLink entry={entry} />
            <p className="card__meta">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {entry.address && <> · from {addressName(entry.address)}</>}
            </p>
          </>
        )}
      </CardList>
      {query.isSuccess && <Pagination links={query.data.links} label="Activity pages" />}
    </section>
  );
}
