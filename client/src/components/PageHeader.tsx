import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import './PageHeader.css';

/** A screen's heading with its actions (Create, Export…) beside it; the tab's title follows it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children && <div className="page-header__actions">{children}</div>}
    </div>
  );
}
