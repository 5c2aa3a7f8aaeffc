import { Link, useSearchParams } from 'react-router-dom';
import type { PageLinks } from '../lib/api';
import { currentPage, hasPages, withPage } from '../lib/pages';
import './Pagination.css';

function usePageHref() {
  const [params] = useSearchParams();
  return (page: number) => `?${withPage(params, page).toString()}`;
}

/** Previous or Next: a link to the page the server names, or shown disabled when there is none. */
function Step({ to, rel }: { to: string | null; rel: 'prev' | 'next' }) {
  const arrow = (
    <span aria-hidden="true" className="pagination__arrow">
      {rel === 'prev' ? '‹' : '›'}
    </span>
  );
  const content =
    rel === 'prev' ? (
      <>
        {arrow}
        <span className="pagination__word">Previous</span>
      </>
    ) : (
      <>
        <span className="pagination__word">Next</span>
        {arrow}
      </>
    );
  return to ? (
    <Link className="pagination__step" to={to} rel={rel}>
      {content}
    </Link>
  ) : (
    <span className="pagination__step pagination__step--disabled" aria-disabled="true">
      {content}
    </span>
  );
}

/**
 * Previous and next arrows and numbered links from the server's `links`, the current page marked.
 * On a phone only Previous, "Page N" and Next show (CSS hides the numbers on a phone and "Page N"
 * on a desktop).
 */
export function Pagination({ links, label = 'Pages' }: { links: PageLinks; label?: string }) {
  const href = usePageHref();
  if (!hasPages(links)) return null;
  const current = currentPage(links);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          <Step to={links.previousPage ? href(links.previousPage) : null} rel="prev" />
        </li>
        {links.loopLink.map(({ number, active }) => (
          <li key={number} className="pagination__number">
            <Link
              to={href(number)}
              aria-current={active ? 'page' : undefined}
              aria-label={`Page ${number}`}
              className={active ? 'is-active' : undefined}
            >
              {number}
            </Link>
          </li>
        ))}
        {current !== undefined && (
          <li className="pagination__current">
            <span>Page {current}</span>
          </li>
        )}
        <li>
          <Step to={links.nextPage ? href(links.nextPage) : null} rel="next" />
        </li>
      </ul>
    </nav>
  );
}
