import { useId, type ComponentProps, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import './Field.css';

interface FieldProps {
  label: string;
  /** The server's message for this field, shown under it. */
  error?: string;
  /** The field's rule, shown under it before anyone breaks it (the server stays the judge). */
  hint?: string;
}

/** What describes a field: the server's message first (heard first), then its rule. */
function described(id: string, hint?: string, error?: string): string | undefined {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
}

/** The rule and the message under a field. */
function Notes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({ label, error, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, hint, error)} {...input} />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** `above`: what goes between the label and the text (a formatting toolbar); `id`: the text's own, when something names it. */
export function TextAreaField({
  label,
  error,
  hint,
  above,
  id: ownId,
  ...textarea
}: FieldProps & ComponentProps<'textarea'> & { above?: ReactNode }) {
  const madeId = useId();
  const id = ownId ?? madeId;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {above}
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, hint, error)} rows={5} {...textarea} />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({ label, error, hint, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, hint, error)} {...select} />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}
