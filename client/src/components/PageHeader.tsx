import type { ReactNode } from 'react';
import './PageHeader.css';

/** A screen's heading with its actions (Create, Export…) beside it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children && <div className="page-header__actions">{children}</div>}
    </div>
  );
}
