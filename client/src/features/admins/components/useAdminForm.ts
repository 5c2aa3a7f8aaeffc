import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useFields } from '../../../components/Field';
import { useNotify } from '../../../components/Toaster';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage, type FieldErrors } from '../../../lib/api';

/**
 * A form of the Admins screen (add an administrator, change one's password): its fields, errors
 * under each field (the first one takes the focus) or above the form, the unsaved-changes guard,
 * and, once saved, the message (`saved` from the reply) and the way back to the list.
 */
export function useAdminForm<Values extends { [K in keyof Values]: string }, Reply>(
  mutation: UseMutationResult<Reply, Error, Values>,
  empty: Values,
  saved: (reply: Reply) => string,
) {
  const navigate = useNavigate();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldErrors: FieldErrors = mutation.error instanceof ApiError ? mutation.error.fieldErrors : {};
  const formError = mutation.isError && Object.keys(fieldErrors).length === 0 ? errorMessage(mutation.error) : null;
  const { values, bind } = useFields(empty, fieldErrors);
  const guard = useUnsavedChanges(!mutation.isSuccess && Object.values(values).some((value) => value !== ''));

  useEffect(() => {
    if (mutation.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [mutation.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(values, {
      onSuccess: (reply) => {
        notify({ message: saved(reply) });
        guard.release();
        navigate(paths.admins.list);
      },
    });
  };

  return { formRef, formError, bind, guard, onSubmit, busy: mutation.isPending };
}
