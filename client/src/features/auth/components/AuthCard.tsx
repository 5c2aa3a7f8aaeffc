import type { FormEvent, ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import './AuthCard.css';

/** The signed-out login and register form: one card in the middle, a link to the other screen under it. */
export function AuthCard({
  form,
  switchTo,
  switchText,
  children,
}: {
  /** The form's props, from useForm. */
  form: { ref: RefObject<HTMLFormElement | null>; onSubmit: (event: FormEvent) => void; noValidate: boolean; 'aria-busy': boolean };
  /** The link under the form; none on the sign-in's second step. */
  switchTo?: string;
  switchText?: string;
  children: ReactNode;
}) {
  return (
    <main className="auth">
      <form {...form} className="auth__card">
        {children}
        {switchTo && (
          <p className="auth__switch">
            <Link to={switchTo}>{switchText}</Link>
          </p>
        )}
      </form>
    </main>
  );
}
