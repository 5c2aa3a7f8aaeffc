import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { BulkBar } from '../../../components/BulkBar';
import { CardList, ListNotice } from '../../../components/CardList';
import { ItemActions } from '../../../components/ItemActions';
import { NeedsTranslationFilter, TranslationChips } from '../../../components/LanguageSwitcher';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { useBulkDelete } from '../../../components/useBulkDelete';
import { useListDelete } from '../../../components/useListDelete';
import { useSelection } from '../../../components/useSelection';
import { DraftMark } from '../../../components/WorkingCopy';
import { itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageParam, type ReturnState } from '../../../lib/search-params';
import { useCan } from '../../../lib/can';
import { translationChips, useTranslationFilter } from '../../../lib/translations';
import { useLoggedError } from '../../../lib/use-logged-error';
import { deleteService, deleteServices, restoreService, restoreServices, serviceQueries, type Service } from '../api/services';

export function ServicesListScreen() {
  const [page, setPage] = usePageParam();
  // With more than one language: each service's translations, and the filter of those that need one (issue #41).
  const { languages, needsTranslation, setNeedsTranslation } = useTranslationFilter();
  const list = serviceQueries.list({ page, needsTranslation });
  const query = useQuery(list);
  const { search } = useLocation();

  const remove = useListDelete<Service>({
    pageKey: list.queryKey,
    allKey: serviceQueries.all(),
    page,
    setPage,
    remove: deleteService,
    describe: (service) => service.title,
    restore: restoreService,
    title: 'Delete service',
    deleted: 'Service deleted',
    restored: 'Service restored',
  });

  const rows = query.data?.data ?? [];
  const selection = useSelection(rows.map(itemId));
  const bulk = useBulkDelete(selection, {
    allKey: serviceQueries.all(),
    page: page,
    setPage,
    pageLength: rows.length,
    remove: deleteServices,
    restore: restoreServices,
    deleted: (count) => (count === 1 ? 'Service deleted' : `${count} services deleted`),
    restored: (count) => (count === 1 ? 'Service restored' : `${count} services restored`),
  });

  useLoggedError('Loading the services failed', query.error);

  const formState: ReturnState = { returnTo: search };
  // An author reads the services: no Create, Edit or Delete.
  const canWrite = useCan('services.write');

  return (
    <section className="screen">
      <PageHeader title="Services">
        {languages && <NeedsTranslationFilter languages={languages} value={needsTranslation} onChange={setNeedsTranslation} />}
        {canWrite && (
          <Link className="button button--primary" to={paths.services.create} state={formState}>
            Create
          </Link>
        )}
      </PageHeader>

      {canWrite && rows.length > 0 && (
        <BulkBar selection={selection} label="Services selection">
          <button type="button" className="button button--small button--danger-outline" onClick={bulk.run} disabled={bulk.busy}>
            {bulk.busy ? 'Deleting…' : 'Delete selected'}
          </button>
        </BulkBar>
      )}
      <CardList
        query={query}
        label={needsTranslation ? 'Services that need translation' : 'Services'}
        loadingLabel="Loading services"
        failure="Sorry, the services could not be loaded."
        select={canWrite ? { selection, name: (service) => service.title } : undefined}
        empty={
          needsTranslation ? (
            <button type="button" className="button" onClick={() => setNeedsTranslation('')}>
              Show all services
            </button>
          ) : (
            // An empty list (not a page past the end, whose way back is the paging).
            page === 1 &&
            canWrite && (
              <Link className="button button--primary" to={paths.services.create} state={formState}>
                Create the first service
              </Link>
            )
          )
        }
      >
        {(service) => (
          <>
            <h2 className="card__title">{service.title}</h2>
            <DraftMark item={service} />
            {languages && <TranslationChips chips={translationChips(service.translations, languages)} />}
            <p className="card__text">{service.about}</p>
            <p className="card__meta">
              Published at - <time dateTime={service.createdAt}>{formatDateTime(service.createdAt)}</time>
            </p>
            <ItemActions
              name={service.title}
              editTo={canWrite ? paths.services.edit(itemId(service)) : undefined}
              editState={formState}
              onDelete={canWrite ? () => remove.request(service) : undefined}
            />
          </>
        )}
      </CardList>
      {query.isSuccess && <Pagination links={query.data.links} label="Services pages" />}
      <ListNotice error={remove.error} onDismiss={remove.clearError} onRetry={remove.retry} />
      <ListNotice error={bulk.error} onDismiss={bulk.clearError} onRetry={bulk.retry} />
      {remove.dialog}
    </section>
  );
}
