import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextAreaField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst, useForm } from '../../../components/useForm';
import { ApiError } from '../../../lib/api';
import { returnSearch } from '../../../lib/search-params';
import { serviceQueries, useCreateService, useUpdateService, type Service, type ServiceInput } from '../api/services';

/** The list to go back to: the page the list was on when the form was opened, else page 1. */
function useListLocation() {
  return { pathname: paths.services.list, search: returnSearch(useLocation().state) };
}

/** /admin/service/create and /admin/service/edit/{id}. */
export function ServiceFormScreen() {
  const { id } = useParams();
  return id === undefined ? <CreateService /> : <EditService key={id} id={id} />;
}

function CreateService() {
  const create = useCreateService();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <ServiceForm
      title="Create Service"
      save={(input) => create.mutateAsync(input)}
      // A new service is the newest, so it shows first on page 1.
      onSaved={() => {
        notify({ message: 'Service created' });
        navigate(paths.services.list);
      }}
    />
  );
}

function EditService({ id }: { id: string }) {
  const query = useQuery(serviceQueries.detail(id));
  const update = useUpdateService(id);
  const navigate = useNavigate();
  const notify = useNotify();
  const list = useListLocation();

  return (
    <LoadFirst
      query={query}
      title="Edit Service"
      loading="Loading the service"
      logAs="Loading the service failed"
      failed={(error) => {
        const missing = error instanceof ApiError && error.status === 404;
        return (
          <>
            <Alert>{missing ? 'This service does not exist. It may have been deleted.' : 'Sorry, the service could not be loaded.'}</Alert>
            <p className="form__actions">
              {!missing && (
                <button type="button" className="button" onClick={() => void query.refetch()}>
                  Try again
                </button>
              )}
              <Link to={list}>Back to Services</Link>
            </p>
          </>
        );
      }}
    >
      {(service) => (
        <ServiceForm
          title="Edit Service"
          initial={service}
          save={(input) => update.mutateAsync(input)}
          onSaved={() => {
            notify({ message: 'Service updated' });
            navigate(list);
          }}
        />
      )}
    </LoadFirst>
  );
}

function ServiceForm({
  title,
  initial,
  save,
  onSaved,
}: {
  title: 'Create Service' | 'Edit Service';
  initial?: Service;
  save: (input: ServiceInput) => Promise<Service>;
  onSaved: () => void;
}) {
  const list = useListLocation();
  const { bind, formError, saving, guard, form } = useForm<ServiceInput, Service>({
    initial: { title: initial?.title ?? '', about: initial?.about ?? '' },
    save,
    onSaved,
    fallback: 'Sorry, the service could not be saved. Please try again.',
    logAs: 'Saving the service failed',
  });

  return (
    <section className="screen">
      <PageHeader title={title} />
      <form {...form} className="form" aria-label={title}>
        <TextField label="Title" hint="Up to 200 characters." {...bind('title')} autoComplete="off" />
        <TextAreaField label="About" hint="Up to 5,000 characters." {...bind('about')} rows={8} />
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit={title} busy={saving} cancelTo={list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
