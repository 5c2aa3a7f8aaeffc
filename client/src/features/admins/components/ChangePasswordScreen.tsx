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
import { useChangePassword, type PasswordChange } from '../api/admins';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };

/** /admin/admins/password: one's own password. One's other sessions end; this one stays. */
export function ChangePasswordScreen() {
  const change = useChangePassword();
  const navigate = useNavigate();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  const formError = change.isError && Object.keys(fieldErrors).length === 0 ? errorMessage(change.error) : null;
  const { values, bind } = useFields(EMPTY, fieldErrors);
  const guard = useUnsavedChanges(!change.isSuccess && Object.values(values).some((value) => value !== ''));

  useEffect(() => {
    if (change.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [change.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    change.mutate(values, {
      onSuccess: () => {
        notify({ message: 'Password changed' });
        guard.release();
        navigate(paths.admins.list);
      },
    });
  };

  return (
    <section className="screen">
      <PageHeader title="Change password" />
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={change.isPending} aria-label="Change password">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" {...bind('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" {...bind('newPassword')} />
        <p className="form__hint">At least 8 characters. Your other sessions will be logged out.</p>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? <Spinner size="small" label="Saving" /> : 'Change password'}
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
