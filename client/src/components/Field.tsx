import { useId, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldErrors } from '../lib/api';
import './Field.css';

interface FieldProps {
  label: string;
  /** The server's message for this field, shown under it. */
  error?: string;
}

export function TextField({ label, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({ label, error, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        rows={5}
        {...textarea}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form's text values, and `bind(name)`: the props that tie one field to its value and to the
 * server's message for it.
 */
export function useFields<V extends { [K in keyof V]: string }>(initial: V, errors: FieldErrors = {}) {
  const [values, setValues] = useState<V>(initial);
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name]?.msg,
  });
  return { values, setValues, bind };
}
