import { Link, useSearchParams } from 'react-router-dom';
import type { PageLinks } from '../lib/api';
import { withPage } from '../lib/search-params';
import './Pagination.css';

function usePageHref() {
  const [params] = useSearchParams();
  return (page: number) => `?${withPage(params, page).toString()}`;
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
