import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PageLinks } from '../lib/api';

/** The `page` query parameter (default 1). A change of page scrolls to the top smoothly. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [page]);

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  return [page, setPage];
}

function usePageHref() {
  const [params] = useSearchParams();
  return (page: number) => {
    const next = new URLSearchParams(params);
    if (page <= 1) next.delete('page');
    else next.set('page', String(page));
    const search = next.toString();
    return search ? `?${search}` : '?';
  };
}

/**
 * Previous and next arrows and numbered links from the server's `links`, the current page marked.
 * On a phone only Previous and Next show (the numbers are hidden by CSS).
 */
export function Pagination({ links, label = 'Pages' }: { links: PageLinks; label?: string }) {
  const href = usePageHref();
  if (links.loopLink.length <= 1 && !links.previousPage && !links.nextPage) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {links.previousPage ? (
            <Link className="pagination__step" to={href(links.previousPage)} rel="prev">
              <span aria-hidden="true" className="pagination__arrow">
                ‹
              </span>
              <span className="pagination__word">Previous</span>
            </Link>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              <span aria-hidden="true" className="pagination__arrow">
                ‹
              </span>
              <span className="pagination__word">Previous</span>
            </span>
          )}
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
        <li>
          {links.nextPage ? (
            <Link className="pagination__step" to={href(links.nextPage)} rel="next">
              <span className="pagination__word">Next</span>
              <span aria-hidden="true" className="pagination__arrow">
                ›
              </span>
            </Link>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              <span className="pagination__word">Next</span>
              <span aria-hidden="true" className="pagination__arrow">
                ›
              </span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
