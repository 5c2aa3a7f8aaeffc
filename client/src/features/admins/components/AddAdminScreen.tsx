import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField, useFields } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage } from '../../../lib/api';
import { useAddAdmin, type NewAdmin } from '../api/admins';

const EMPTY: NewAdmin = { name: '', email: '', password: '' };

/** /admin/admins/add: a further administrator, who can log in at once. */
export function AddAdminScreen() {
  const add = useAddAdmin();
  const navigate = useNavigate();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldErrors = add.error instanceof ApiError ? add.error.fieldErrors : {};
  const formError = add.isError && Object.keys(fieldErrors).length === 0 ? errorMessage(add.error) : null;
  const { values, bind } = useFields(EMPTY, fieldErrors);
  const guard = useUnsavedChanges(!add.isSuccess && Object.values(values).some((value) => value !== ''));

  useEffect(() => {
    if (add.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [add.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    add.mutate(values, {
      onSuccess: ({ admin }) => {
        notify({ message: `Administrator added: ${admin.name}` });
        guard.release();
        navigate(paths.admins.list);
      },
    });
  };

  return (
    <section className="screen">
      <PageHeader title="Add administrator" />
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={add.isPending} aria-label="Add administrator">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Name" autoComplete="off" {...bind('name')} />
        <TextField label="Email" type="email" autoComplete="off" {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...bind('password')} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {add.isPending ? <Spinner size="small" label="Adding" /> : 'Add administrator'}
          </button>
          <Link className="button" to={paths.admins.list} onClick={guard.release}>
            Cancel
          </Link>
        </div>
      </form>
      {guard.dialog}
    </section>
  );
}
