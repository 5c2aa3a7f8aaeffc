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
 * everyone in the chart's place.
 */
export function VisitorsTrend({ series }: { series: AnalyticsSummary['series'] }) {
  const [asTable, setAsTable] = useState(false);
  // One day's series is hour by hour.
  const unit = series[0]?.date.includes('T') ? 'hour' : 'day';
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
      <div className={asTable ? undefined : 'visually-hidden'}>
        <table className="counts-table">
          <caption className="visually-hidden">Visitors and pageviews by {unit}</caption>
          <thead>
            <tr>
              <th scope="col">{unit === 'hour' ? 'Hour' : 'Day'}</th>
              <th scope="col" className="counts-table__number">
                Visitors
              </th>
              <th scope="col" className="counts-table__number">
                Pageviews
              </th>
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
