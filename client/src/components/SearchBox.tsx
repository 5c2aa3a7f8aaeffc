import type { InputHTMLAttributes, ReactNode } from 'react';
import './Field.css';

/** A search input in the fields' look; `children` sit inside the box (e.g. a spinner). */
export function SearchBox({
  className = '',
  role,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children?: ReactNode }) {
  return (
    <div className={`search${className ? ` ${className}` : ''}`} role={role}>
      <input type="search" {...input} />
      {children}
    </div>
  );
}
