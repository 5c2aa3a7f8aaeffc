import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { CardList } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { KIND_NAMES } from '../../../lib/content-kinds';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { reviewQueries, type WaitingItem } from '../api/review';

/** The edit screen where an item is reviewed: published, or sent back with a note. */
const reviewPath = (item: WaitingItem) => (item.kind === 'pages' ? paths.pages.edit(item.id) : paths.news.edit(item.id));

/**
 * /admin/review, "Waiting for review" (issue #39): the articles and pages authors submitted, for
 * an editor or an administrator, the longest waiting first; each opens where it is published or
 * sent back. The side menu and the dashboard count them and link here.
 */
export function ReviewScreen() {
  const query = useQuery(reviewQueries.list());
  useLoggedError('Loading what waits for review failed', query.error);
  return (
    <section className="screen">
      <PageHeader title="Waiting for review" />
      <CardList
        query={query}
        label="Waiting for review, the longest waiting first"
        loadingLabel="Loading what waits for review"
        failure="Sorry, what waits for review could not be loaded."
        empty={<p>Nothing is waiting: what authors submit shows here.</p>}
      >
        {(item) => (
          <>
            <h2 className="card__title">{item.title}</h2>
            <p className="card__meta">
              {KIND_NAMES[item.kind].one}
              {item.status === 'published' && item.hasDraft ? ' · changes to a published one' : ' · new'}
              {' · by '}
              {item.createdBy?.name ?? 'an administrator removed since'}
              {' · changed '}
              <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
            </p>
            <p className="card__text">
              <Link className="button button--small" to={reviewPath(item)} aria-label={`Review “${item.title}”`}>
                Review
              </Link>
            </p>
          </>
        )}
      </CardList>
    </section>
  );
}
