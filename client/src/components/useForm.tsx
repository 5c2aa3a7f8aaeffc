import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorMessage, type FieldErrors } from '../lib/api';
import { formSaving, useSignInAgain } from '../lib/session-end';
import { useLoggedError } from '../lib/use-logged-error';
import { PageHeader } from './PageHeader';
import { PageSpinner } from './Spinner';
import { useUnsavedChanges } from './useUnsavedChanges';

/**
 * The screen of a form that edits what the server holds, until the form can start: a spinner,
 * or `failed` when it cannot be loaded. A copy cached from an earlier visit may be out of date,
 * so the form waits for a fresh one, then starts from it (`children`).
 */
export function LoadFirst<T>({
  query,
  title,
  loading,
  logAs,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  /** The screen's heading, shown meanwhile. */
  title: string;
  /** The spinner's label. */
  loading: string;
  /** What the console says when loading fails. */
  logAs: string;
  failed: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  useLoggedError(logAs, query.error);
  if (query.isPending || (!query.isFetchedAfterMount && query.isFetching)) {
    return (
      <section className="screen">
        <PageHeader title={title} />
        <PageSpinner label={loading} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="screen">
        <PageHeader title={title} />
        {failed(query.error)}
      </section>
    );
  }
  return children(query.data);
}

type Value = string | boolean;

export interface FormOptions<V extends { [K in keyof V]: Value }, Reply> {
  /** What the server holds: the form starts from it; a field that differs is an unsaved change. */
  initial: V;
  /** Sends the form: all its values, and the fields changed since `initial` (or the last save). */
  save: (values: V, changes: Partial<V>) => Promise<Reply>;
  /** After a save: the message, the way on. A form that does not `stay` is released first. */
  onSaved: (reply: Reply, sent: V) => void | Promise<void>;
  /** The form stays on screen after a save, and shows what the reply says is saved now. */
  stay?: (reply: Reply) => V;
  /** The message above the form when a refusal names none of its fields. */
  fallback?: string;
  /** What the console says when a save fails other than by refused input (a 400). */
  logAs?: string;
  /** Something besides the fields that is not saved yet (a chosen photo). */
  changed?: boolean;
  /** Fields the form shows a refusal of itself, outside `bind` (a photo): not a message above the form. */
  shownElsewhere?: string[];
  /** Leaving with unsaved changes asks first (useUnsavedChanges); not for the login screens. */
  ask?: boolean;
  /** A 401 asks for the password in place and sends the save again; not for the login screens. */
  signInAgain?: boolean;
}

/**
 * Every form of the panel: its values, edit, save. A refusal shows the server's message under
 * each field it names (`{ error: { field: { msg } } }`), or above the form (`formError`), and
 * the first field with a message takes the focus; a field's message goes as soon as it is edited.
 * Until saved, leaving asks first. A save that meets an ended session (401) opens the sign-in
 * dialog in place and, once signed in, sends the same values again; Cancel leaves the form as it was.
 */
export function useForm<V extends { [K in keyof V]: Value }, Reply>(options: FormOptions<V, Reply>) {
  const { save, onSaved, stay, fallback, logAs, changed = false, ask = true, shownElsewhere = [] } = options;
  const session = useSignInAgain();
  const signInAgain = (options.signInAgain ?? ask) ? session?.signInAgain : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState(options.initial);
  const [values, setValues] = useState(options.initial);
  const [error, setError] = useState<unknown>(null);
  // Fields edited since the last refusal: their messages are out of date, so they no longer show.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  // Counts refusals, to move the focus after each one (after the render that marks the fields).
  const [refusals, setRefusals] = useState(0);

  const fields = Object.keys(saved) as (keyof V & string)[];
  const changes: Partial<V> = {};
  for (const field of fields) if (values[field] !== saved[field]) changes[field] = values[field];
  const dirty = changed || Object.keys(changes).length > 0;
  const guard = useUnsavedChanges(ask && dirty && !saving);

  const refusedFields: FieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const fieldErrors: FieldErrors = Object.fromEntries(Object.entries(refusedFields).filter(([field]) => !edited.has(field)));
  const formError = error && ![...fields, ...shownElsewhere].some((field) => refusedFields[field]) ? errorMessage(error, fallback) : null;

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const setValue = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((current) => (current.has(name as string) ? current : new Set(current).add(name as string)));
  };

  /** The props that tie a text field to its value and to the server's message for it. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[typeof name]),
    error: fieldErrors[name]?.msg,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    setEdited(new Set());
    const sent = values;
    let reply: Reply;
    formSaving.start();
    try {
      for (;;) {
        try {
          reply = await save(sent, changes);
          break;
        } catch (failure) {
          if (signInAgain && failure instanceof ApiError && failure.status === 401) {
            // The session ended while the form was open: sign in again, then send the same values.
            if (await signInAgain()) continue;
            setSaving(false);
            return;
          }
          throw failure;
        }
      }
    } catch (failure) {
      if (logAs && !(failure instanceof ApiError && failure.status === 400)) console.error(logAs, failure);
      setError(failure);
      setRefusals((n) => n + 1);
      setSaving(false);
      return;
    } finally {
      formSaving.end();
    }
    if (stay) {
      const now = stay(reply);
      setSaved(now);
      // The form shows what was saved, except a field edited again while the save was on its way.
      setValues((current) => {
        const next = { ...current };
        for (const field of fields) if (current[field] === sent[field]) next[field] = now[field];
        return next;
      });
    } else {
      guard.release();
    }
    try {
      await onSaved(reply, sent);
    } finally {
      setSaving(false);
    }
  };

  return {
    values,
    setValue,
    bind,
    fieldErrors,
    formError,
    /** Something differs from what was last saved (the fields, or `changed`). */
    dirty,
    /** The last save was refused (until the next one). */
    refusedNow: error !== null,
    saving,
    guard,
    /** Spread on the <form>. */
    form: { ref: formRef, onSubmit: (event: FormEvent) => void onSubmit(event), noValidate: true, 'aria-busy': saving },
  };
}
