import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextAreaField, TextField, useFields } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage } from '../../../lib/api';
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
      mutation={create}
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

  // A copy cached from an earlier visit may be out of date: the form starts from a fresh one.
  if (query.isPending || (!query.isFetchedAfterMount && query.isFetching)) {
    return (
      <section className="screen">
        <PageHeader title="Edit Service" />
        <PageSpinner label="Loading the service" />
      </section>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="screen">
        <PageHeader title="Edit Service" />
        <Alert>{missing ? 'This service does not exist. It may have been deleted.' : 'Sorry, the service could not be loaded.'}</Alert>
        <p className="form__actions">
          {!missing && (
            <button type="button" className="button" onClick={() => void query.refetch()}>
              Try again
            </button>
          )}
          <Link to={list}>Back to Services</Link>
        </p>
      </section>
    );
  }
  return (
    <ServiceForm
      title="Edit Service"
      initial={query.data}
      mutation={update}
      onSaved={() => {
        notify({ message: 'Service updated' });
        navigate(list);
      }}
    />
  );
}

interface SaveMutation {
  mutate: (input: ServiceInput, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: Error | null;
}

function ServiceForm({
  title,
  initial,
  mutation,
  onSaved,
}: {
  title: 'Create Service' | 'Edit Service';
  initial?: Service;
  mutation: SaveMutation;
  onSaved: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const list = useListLocation();

  const { error } = mutation;
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const formError =
    error && !fieldErrors.title && !fieldErrors.about
      ? errorMessage(error, 'Sorry, the service could not be saved. Please try again.')
      : null;
  const { values, bind } = useFields<ServiceInput>({ title: initial?.title ?? '', about: initial?.about ?? '' }, fieldErrors);
  const guard = useUnsavedChanges(values.title !== (initial?.title ?? '') || values.about !== (initial?.about ?? ''));

  // After a refused save, take the keyboard to the first field the server complained about.
  useEffect(() => {
    if (!error) return;
    if (!(error instanceof ApiError && error.status === 400)) console.error('Saving the service failed', error);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(values, {
      onSuccess: () => {
        guard.release();
        onSaved();
      },
    });
  };

  return (
    <section className="screen">
      <PageHeader title={title} />
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={mutation.isPending} aria-label={title}>
        <TextField label="Title" {...bind('title')} autoComplete="off" />
        <TextAreaField label="About" {...bind('about')} rows={8} />
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit={title} busy={mutation.isPending} cancelTo={list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
