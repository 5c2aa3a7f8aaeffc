import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { ItemActions } from '../../../components/ItemActions';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination, usePageParam } from '../../../components/Pagination';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { useListDelete } from '../../../components/useListDelete';
import { itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { deleteNews, newsQueries, type News } from '../api/news';
import type { NewsFormState } from './NewsFormScreen';
import { NewsPhoto } from './NewsPhoto';
import { useTitleSearch } from './useTitleSearch';

export function NewsListScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, title] = useTitleSearch();
  const listQuery = newsQueries.list({ page, title });
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = useQuery(listQuery);
  // The edit form returns to this page (or search) when it is done.
  const formState: NewsFormState = { returnTo: useLocation().search };

  const remove = useListDelete<News>({
    pageKey: listQuery.queryKey,
    allKey: newsQueries.all(),
    page: title ? 1 : page,
    setPage,
    remove: deleteNews,
    describe: (item) => item.title,
    title: 'Delete news',
  });

  useEffect(() => {
    if (error) console.error('Loading the news failed', error);
  }, [error]);

  return (
    <section className="screen">
      <PageHeader title="News">
        <div className="search news-search" role="search">
          <input
            type="search"
            placeholder="Search data..."
            aria-label="Search news by title"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          {isFetching && isPlaceholderData && <Spinner size="small" label="Searching" />}
        </div>
        <Link className="button button--primary" to={paths.news.create}>
          Create
        </Link>
      </PageHeader>

      {isPending ? (
        <PageSpinner label="Loading news" />
      ) : isError ? (
        <Alert>
          Sorry, the news could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void refetch()}>
            Try again
          </button>
        </Alert>
      ) : data.data.length === 0 ? (
        <p className="empty">no data</p>
      ) : (
        <ul className="card-list" aria-label={title ? `News matching “${title}”` : 'News'} aria-busy={isFetching}>
          {data.data.map((item) => (
            <li key={itemId(item)} className="card news-card">
              <NewsPhoto photo={item.photo} alt={item.title} className="news-card__photo" />
              <div className="news-card__body">
                <h2 className="card__title">{item.title}</h2>
                <p className="card__text">{item.description}</p>
                <p className="news-card__more">
                  <Link to={paths.news.detail(itemId(item))}>
                    about – click here<span className="visually-hidden">: {item.title}</span>
                  </Link>
                </p>
                <p className="card__meta">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </p>
                <ItemActions
                  name={item.title}
                  editTo={paths.news.edit(itemId(item))}
                  editState={formState}
                  onDelete={() => remove.request(item)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      {/* The spec hides paging during a search: a search answers one list of at most 100. */}
      {!title && data && <Pagination links={data.links} label="News pages" />}
      {remove.error && (
        // Sticks to the bottom of the window, so it shows wherever in the list the delete was asked.
        <div className="list-notice">
          <Alert onDismiss={remove.clearError}>{remove.error}</Alert>
        </div>
      )}
      {remove.dialog}
    </section>
  );
}
