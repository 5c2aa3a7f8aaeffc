import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { useLoggedError } from '../../../lib/use-logged-error';
import type { DateRange } from '../../../lib/visitor-range';
import { analyticsQueries, type Breakdown } from '../api/analytics';

/** Each table's heading and the name of its first column. */
export const BREAKDOWNS: readonly { kind: Breakdown; title: string; column: string }[] = [
  { kind: 'pages', title: 'Top pages', column: 'Page' },
  { kind: 'referrers', title: 'Referrers', column: 'Referrer' },
  { kind: 'countries', title: 'Countries', column: 'Country' },
  { kind: 'devices', title: 'Devices', column: 'Device' },
  { kind: 'browsers', title: 'Browsers', column: 'Browser' },
  { kind: 'systems', title: 'Operating systems', column: 'System' },
  { kind: 'screens', title: 'Screen sizes', column: 'Screen' },
  { kind: 'campaigns', title: 'Campaigns', column: 'Campaign (source / medium / name)' },
];

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's name from its two-letter code, the code itself when the browser knows no name. */
function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * A row's value as people read it. Whatever it is (a path or a referrer a visitor made up, even
 * `<script>`), React writes it as text.
 */
function shown(kind: Breakdown, value: string): string {
  if (!value) return kind === 'referrers' ? 'Direct or unknown' : kind === 'campaigns' ? 'No campaign' : 'Unknown';
  return kind === 'countries' ? countryName(value) : value;
}

/** One of the Visitors screen's tables: its rows with their visitors and pageviews. */
export function BreakdownTable({ kind, title, column, range }: { kind: Breakdown; title: string; column: string; range: DateRange }) {
  const query = useQuery(analyticsQueries.breakdown(kind, range));
  useLoggedError(`Loading the ${kind} failed`, query.error);
  const headingId = `breakdown-${kind}`;

  return (
    <section className="panel breakdown" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {title}
      </h2>
      {query.isPending ? (
        <Spinner label={`Loading the ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <Alert>
          Sorry, the {title.toLowerCase()} could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </Alert>
      ) : query.data.data.length === 0 ? (
        <p className="breakdown__none">None in this period.</p>
      ) : (
        <table className="counts-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className="counts-table__number">
                Visitors
              </th>
              <th scope="col" className="counts-table__number">
                Pageviews
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((row) => (
              <tr key={row.value}>
                <td className="counts-table__value">{shown(kind, row.value)}</td>
                <td className="counts-table__number">{row.visitors.toLocaleString('en-US')}</td>
                <td className="counts-table__number">{row.pageviews.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
