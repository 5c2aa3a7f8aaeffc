import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { ItemActions } from '../../../components/ItemActions';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination, usePageParam } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { useListDelete } from '../../../components/useListDelete';
import { itemId } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { deleteService, serviceQueries, type Service } from '../api/services';

/** What the form reads to return to the page the list was on. */
export interface ServiceFormState {
  returnTo?: string;
}

export function ServicesListScreen() {
  const [page, setPage] = usePageParam();
  const list = serviceQueries.list({ page });
  const query = useQuery(list);
  const { search } = useLocation();

  const remove = useListDelete<Service>({
    pageKey: list.queryKey,
    allKey: serviceQueries.all(),
    page,
    setPage,
    remove: deleteService,
    describe: (service) => service.title,
    title: 'Delete service',
  });

  useEffect(() => {
    if (query.error) console.error('Loading the services failed', query.error);
  }, [query.error]);

  const formState: ServiceFormState = { returnTo: search };

  return (
    <section className="screen">
      <PageHeader title="Services">
        <Link className="button button--primary" to={paths.services.create} state={formState}>
          Create
        </Link>
      </PageHeader>

      {query.isPending ? (
        <PageSpinner label="Loading services" />
      ) : query.isError ? (
        <Alert>
          Sorry, the services could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <>
          {query.data.data.length === 0 ? (
            <p className="empty">no data</p>
          ) : (
            <ul className="card-list" aria-label="Services" aria-busy={query.isFetching}>
              {query.data.data.map((service) => (
                <li key={itemId(service)} className="card">
                  <h2 className="card__title">{service.title}</h2>
                  <p className="card__text">{service.about}</p>
                  <p className="card__meta">
                    Published at - <time dateTime={service.createdAt}>{formatDate(service.createdAt)}</time>
                  </p>
                  <ItemActions
                    name={service.title}
                    editTo={paths.services.edit(itemId(service))}
                    editState={formState}
                    onDelete={() => remove.request(service)}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination links={query.data.links} label="Services pages" />
        </>
      )}

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
