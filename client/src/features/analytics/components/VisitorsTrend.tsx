import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import type { AnalyticsSummary } from '../api/analytics';

// uPlot comes with the chart, in a chunk of its own, fetched only when this screen draws it.
const VisitorsChart = lazy(() => import('./VisitorsChart').then((module) => ({ default: module.VisitorsChart })));

/** A UTC day as people read it, "Nov 26, 2026"; an hour of one (`2026-11-26T14:00:00Z`), "14:00 UTC". */
function pointLabel(point: string): string {
  if (point.includes('T')) return `${point.slice(11, 16)} UTC`;
  return new Date(`${point}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Visitors and pageviews by day: a chart, and the same figures as a table. The table is always
 * there for screen readers (visually hidden while the chart shows); "Show as table" shows it to
 * everyone in the chart's place. Day by day, the table also has the requests dropped (bots,
 * prefetches…), and the days that had some say so under the chart: the server keeps them per day
 * only, so an hour's series has none.
 */
export function VisitorsTrend({ series }: { series: AnalyticsSummary['series'] }) {
  const [asTable, setAsTable] = useState(false);
  // One day's series is hour by hour.
  const unit = series[0]?.date.includes('T') ? 'hour' : 'day';
  const byDay = unit === 'day';
  const droppedDays = series.filter((point) => (point.dropped ?? 0) > 0);
  return (
    <section className="panel trend" aria-labelledby="visitors-trend">
      <div className="trend__head">
        <h2 id="visitors-trend" className="panel__title">
          By {unit}
        </h2>
        <button type="button" className="button button--small" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
          Show as table
        </button>
      </div>
      {!asTable && (
        <Suspense fallback={<Spinner label="Loading the chart" />}>
          <VisitorsChart series={series} />
        </Suspense>
      )}
      {!asTable && droppedDays.length > 0 && (
        <ul className="trend__dropped" aria-label="Dropped by day">
          {droppedDays.map((point) => (
            <li key={point.date}>
              <time dateTime={point.date}>{pointLabel(point.date)}</time>: Dropped (bots, prefetches):{' '}
              {point.dropped!.toLocaleString('en-US')}
            </li>
          ))}
        </ul>
      )}
      <div className={asTable ? undefined : 'visually-hidden'}>
        <table className="counts-table">
          <caption className="visually-hidden">
            Visitors and pageviews{byDay && ', and requests dropped (bots, prefetches),'} by {unit}
          </caption>
          <thead>
            <tr>
              <th scope="col">{unit === 'hour' ? 'Hour' : 'Day'}</th>
              <th scope="col" className="counts-table__number">
                Visitors
              </th>
              <th scope="col" className="counts-table__number">
                Pageviews
              </th>
              {byDay && (
                <th scope="col" className="counts-table__number">
                  Dropped
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">
                  <time dateTime={point.date}>{pointLabel(point.date)}</time>
                </th>
                <td className="counts-table__number">{point.visitors.toLocaleString('en-US')}</td>
                <td className="counts-table__number">{point.pageviews.toLocaleString('en-US')}</td>
                {byDay && <td className="counts-table__number">{(point.dropped ?? 0).toLocaleString('en-US')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
