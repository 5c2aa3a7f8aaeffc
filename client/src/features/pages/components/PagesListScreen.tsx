import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { BulkBar } from '../../../components/BulkBar';
import { CardList, ListNotice } from '../../../components/CardList';
import { ItemActions } from '../../../components/ItemActions';
import { NeedsTranslationFilter, TranslationChips } from '../../../components/LanguageSwitcher';
import { PageHeader } from '../../../components/PageHeader';
import { PublishState } from '../../../components/PublishState';
import { publicStateOf, ViewOnSite } from '../../../components/PublishControl';
import { ReviewMark } from '../../../components/ReviewParts';
import { Pagination } from '../../../components/Pagination';
import { SearchBox } from '../../../components/SearchBox';
import { Spinner } from '../../../components/Spinner';
import { useBulkDelete } from '../../../components/useBulkDelete';
import { useListDelete } from '../../../components/useListDelete';
import { useSelection } from '../../../components/useSelection';
import { DraftMark } from '../../../components/WorkingCopy';
import { itemId } from '../../../lib/api';
import { useCan, useMayEdit } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { usePageParam, useSearchParamText } from '../../../lib/search-params';
import { translationChips, useTranslationFilter } from '../../../lib/translations';
import { useLoggedError } from '../../../lib/use-logged-error';
import { deletePage, deletePagesBatch, pagesQueries, restorePage, restorePagesBatch, type Page } from '../api/pages';
import type { PageFormState } from './PageFormScreen';
import './PagesListScreen.css';

/** /admin/pages: the company's own pages (About us, Careers, the privacy policy…), searchable by title. */
export function PagesListScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, title] = useSearchParamText('title');
  // With more than one language: each page's translations, and the filter of those that need one (issue #41).
  const { languages, needsTranslation, setNeedsTranslation } = useTranslationFilter();
  const listQuery = pagesQueries.list({ page, title, needsTranslation });
  const query = useQuery(listQuery);
  // The edit form returns to this page (or search) when it is done.
  const formState: PageFormState = { returnTo: useLocation().search };
  // Deleting moves a page to the trash: for a role that manages the trash (not an author), as the news.
  const canDelete = useCan('trash.manage');
  // An author edits only the pages they created, as the news.
  const mayEdit = useMayEdit('pages.publish');

  const remove = useListDelete<Page>({
    pageKey: listQuery.queryKey,
    allKey: pagesQueries.all(),
    page: title ? 1 : page,
    setPage,
    remove: deletePage,
    describe: (item) => item.title,
    restore: restorePage,
    title: 'Delete page',
    deleted: 'Page deleted',
    restored: 'Page restored',
  });

  const rows = query.data?.data ?? [];
  const selection = useSelection(rows.map(itemId));
  const bulk = useBulkDelete(selection, {
    allKey: pagesQueries.all(),
    page: title ? 1 : page,
    setPage,
    pageLength: rows.length,
    remove: deletePagesBatch,
    restore: restorePagesBatch,
    deleted: (count) => (count === 1 ? 'Page deleted' : `${count} pages deleted`),
    restored: (count) => (count === 1 ? 'Page restored' : `${count} pages restored`),
  });

  useLoggedError('Loading the pages failed', query.error);

  return (
    <section className="screen">
      <PageHeader title="Pages">
        <SearchBox
          className="pages-search"
          role="search"
          placeholder="Search data..."
          aria-label="Search pages by title"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        >
          {query.isFetching && query.isPlaceholderData && <Spinner size="small" label="Searching" />}
        </SearchBox>
        {languages && <NeedsTranslationFilter languages={languages} value={needsTranslation} onChange={setNeedsTranslation} />}
        <Link className="button button--primary" to={paths.pages.create}>
          Create
        </Link>
      </PageHeader>

      {canDelete && rows.length > 0 && (
        <BulkBar selection={selection} label="Pages selection">
          <button type="button" className="button button--small button--danger-outline" onClick={bulk.run} disabled={bulk.busy}>
            {bulk.busy ? 'Deleting…' : 'Delete selected'}
          </button>
        </BulkBar>
      )}
      <CardList
        query={query}
        label={title ? `Pages matching “${title}”` : needsTranslation ? 'Pages that need translation' : 'Pages'}
        loadingLabel="Loading the pages"
        failure="Sorry, the pages could not be loaded."
        select={canDelete ? { selection, name: (item) => item.title } : undefined}
        empty={
          title ? (
            <button type="button" className="button" onClick={() => setSearchText('')}>
              Clear search
            </button>
          ) : needsTranslation ? (
            <button type="button" className="button" onClick={() => setNeedsTranslation('')}>
              Show all pages
            </button>
          ) : (
            page === 1 && (
              <Link className="button button--primary" to={paths.pages.create}>
                Create the first page
              </Link>
            )
          )
        }
      >
        {(item) => (
          <>
            <h2 className="card__title">{item.title}</h2>
            <DraftMark item={item} />
            <ReviewMark item={item} />
            {languages && <TranslationChips chips={translationChips(item.translations, languages)} />}
            <p className="card__text pages-card__address">{paths.sitePage(item.slug)}</p>
            <p className="card__meta">
              Changed <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
              {' · '}
              <PublishState item={item} />
              {item.photo !== null && !item.photoAlt && ' · Photo has no alternative text'}
            </p>
            {publicStateOf(item) === 'published' && (
              <p className="card__text pages-card__site">
                <ViewOnSite href={paths.sitePage(item.slug)} name={item.title} />
              </p>
            )}
            <ItemActions
              name={item.title}
              editTo={mayEdit(item) ? paths.pages.edit(itemId(item)) : undefined}
              editState={formState}
              onDelete={canDelete ? () => remove.request(item) : undefined}
            />
          </>
        )}
      </CardList>

      {/* As the news: a search answers one list of at most 100, without paging. */}
      {!title && query.data && <Pagination links={query.data.links} label="List pages" />}
      <ListNotice error={remove.error} onDismiss={remove.clearError} onRetry={remove.retry} />
      <ListNotice error={bulk.error} onDismiss={bulk.clearError} onRetry={bulk.retry} />
      {remove.dialog}
    </section>
  );
}
