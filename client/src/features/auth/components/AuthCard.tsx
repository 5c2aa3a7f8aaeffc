import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './AuthCard.css';

/** The signed-out login and register form: one card in the middle, a link to the other screen under it. */
export function AuthCard({
  onSubmit,
  busy,
  switchTo,
  switchText,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  switchTo: string;
  switchText: string;
  children: ReactNode;
}) {
  return (
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {children}
        <p className="auth__switch">
          <Link to={switchTo}>{switchText}</Link>
        </p>
      </form>
    </main>
  );
}
