import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { BulkBar } from '../../../components/BulkBar';
import { CardList, ListNotice } from '../../../components/CardList';
import { ItemActions } from '../../../components/ItemActions';
import { NeedsTranslationFilter, TranslationChips } from '../../../components/LanguageSwitcher';
import { PageHeader } from '../../../components/PageHeader';
import { publicStateOf, ViewOnSite } from '../../../components/PublishControl';
import { PublishState } from '../../../components/PublishState';
import { ReviewMark } from '../../../components/ReviewParts';
import { SearchBox } from '../../../components/SearchBox';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useBulkDelete } from '../../../components/useBulkDelete';
import { useListDelete } from '../../../components/useListDelete';
import { useSelection } from '../../../components/useSelection';
import { DraftMark } from '../../../components/WorkingCopy';
import { itemId } from '../../../lib/api';
import { useCan, useMayEdit } from '../../../lib/can';
import { formatNewsDateTime } from '../../../lib/format';
import { usePageParam, useSearchParamText } from '../../../lib/search-params';
import { translationChips, useTranslationFilter } from '../../../lib/translations';
import { useLoggedError } from '../../../lib/use-logged-error';
import { deleteNews, newsQueries, type News, restoreNews, deleteNewsBatch, restoreNewsBatch } from '../api/news';
import type { NewsFormState } from './NewsFormScreen';
import { NewsPhoto } from './NewsPhoto';
import './NewsListScreen.css';

export function NewsListScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, title] = useSearchParamText('title');
  // With more than one language: each article's translations, and the filter of those that need one (issue #41).
  const { languages, needsTranslation, setNeedsTranslation } = useTranslationFilter();
  const listQuery = newsQueries.list({ page, title, needsTranslation });
  const query = useQuery(listQuery);
  // The edit form returns to this page (or search) when it is done.
  const formState: NewsFormState = { returnTo: useLocation().search };
  // Deleting moves an article to the trash: for a role that manages the trash (not an author).
  const canDelete = useCan('trash.manage');
  // An author edits only what they created.
  const mayEdit = useMayEdit('news.publish');

  const remove = useListDelete<News>({
    pageKey: listQuery.queryKey,
    allKey: newsQueries.all(),
    page: title ? 1 : page,
    setPage,
    remove: deleteNews,
    describe: (item) => item.title,
    restore: restoreNews,
    title: 'Delete news',
    deleted: 'News deleted',
    restored: 'News restored',
  });

  const rows = query.data?.data ?? [];
  const selection = useSelection(rows.map(itemId));
  const bulk = useBulkDelete(selection, {
    allKey: newsQueries.all(),
    page: title ? 1 : page,
    setPage,
    pageLength: rows.length,
    remove: deleteNewsBatch,
    restore: restoreNewsBatch,
    deleted: (count) => (count === 1 ? 'News deleted' : `${count} news articles deleted`),
    restored: (count) => (count === 1 ? 'News restored' : `${count} news articles restored`),
  });

  useLoggedError('Loading the news failed', query.error);

  return (
    <section className="screen">
      <PageHeader title="News">
        <SearchBox
          className="news-search"
          role="search"
          placeholder="Search data..."
          aria-label="Search news by title"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        >
          {query.isFetching && query.isPlaceholderData && <Spinner size="small" label="Searching" />}
        </SearchBox>
        {languages && <NeedsTranslationFilter languages={languages} value={needsTranslation} onChange={setNeedsTranslation} />}
        <Link className="button button--primary" to={paths.news.create}>
          Create
        </Link>
      </PageHeader>

      {canDelete && rows.length > 0 && (
        <BulkBar selection={selection} label="News selection">
          <button type="button" className="button button--small button--danger-outline" onClick={bulk.run} disabled={bulk.busy}>
            {bulk.busy ? 'Deleting…' : 'Delete selected'}
          </button>
        </BulkBar>
      )}
      <CardList
        query={query}
        label={title ? `News matching “${title}”` : needsTranslation ? 'News that needs translation' : 'News'}
        loadingLabel="Loading news"
        failure="Sorry, the news could not be loaded."
        select={canDelete ? { selection, name: (item) => item.title } : undefined}
        cardClassName="news-card"
        empty={
          title ? (
            <button type="button" className="button" onClick={() => setSearchText('')}>
              Clear search
            </button>
          ) : needsTranslation ? (
            <button type="button" className="button" onClick={() => setNeedsTranslation('')}>
              Show all news
            </button>
          ) : (
            page === 1 && (
              <Link className="button button--primary" to={paths.news.create}>
                Create the first article
              </Link>
            )
          )
        }
      >
        {(item) => (
          <>
            <NewsPhoto
              news={item}
              alt={item.title}
              sizes={(width) => `(min-width: 769px) min(20rem, ${width}px), min(100vw, ${width}px)`}
              className="news-card__photo"
            />
            <div className="news-card__body">
              <h2 className="card__title">{item.title}</h2>
              <DraftMark item={item} />
              <ReviewMark item={item} />
              {languages && <TranslationChips chips={translationChips(item.translations, languages)} />}
              <p className="card__text">{item.description}</p>
              <p className="news-card__more">
                <Link to={paths.news.detail(itemId(item))}>
                  about – click here<span className="visually-hidden">: {item.title}</span>
                </Link>
              </p>
              <p className="card__meta">
                <time dateTime={item.createdAt}>{formatNewsDateTime(item.createdAt)}</time>
                {' · '}
                <PublishState item={item} />
                {item.photo !== null && !item.photoAlt && ' · Photo has no alternative text'}
              </p>
              {publicStateOf(item) === 'published' && (
                <p className="news-card__more">
                  <ViewOnSite href={paths.siteArticle(item.slug)} name={item.title} />
                </p>
              )}
              <ItemActions
                name={item.title}
                editTo={mayEdit(item) ? paths.news.edit(itemId(item)) : undefined}
                editState={formState}
                onDelete={canDelete ? () => remove.request(item) : undefined}
              />
            </div>
          </>
        )}
      </CardList>

      {/* The spec hides paging during a search: a search answers one list of at most 100. */}
      {!title && query.data && <Pagination links={query.data.links} label="News pages" />}
      <ListNotice error={remove.error} onDismiss={remove.clearError} onRetry={remove.retry} />
      <ListNotice error={bulk.error} onDismiss={bulk.clearError} onRetry={bulk.retry} />
      {remove.dialog}
    </section>
  );
}
