import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { EmptyState } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/Spinner';
import { useLoggedError } from '../../../lib/use-logged-error';
import { rangeFromParams, withRange, type DateRange } from '../../../lib/visitor-range';
import { analyticsExportUrl, analyticsQueries } from '../api/analytics';
import { BREAKDOWNS, BreakdownTable } from './BreakdownTable';
import { RangePicker } from './RangePicker';
import { SummaryFigures } from './SummaryFigures';
import { VisitorsTrend } from './VisitorsTrend';
import './VisitorsScreen.css';

/** "Visitors now": the last 5 minutes, polled while this screen is open and the tab visible. */
function VisitorsNow({ counting }: { counting: boolean }) {
  const live = useQuery(analyticsQueries.live(counting));
  if (!counting) return null;
  return (
    <p className="visitors-now">
      <span className="visitors-now__dot" aria-hidden="true" />
      Visitors now: <strong>{live.data ? live.data.visitors.toLocaleString('en-US') : '…'}</strong>
      <span className="visitors-now__hint"> (in the last 5 minutes)</span>
    </p>
  );
}

/** The period's figures, chart and tables. */
function Report({ range }: { range: DateRange }) {
  const summary = useQuery(analyticsQueries.summary(range));
  useLoggedError('Loading the visitor counts failed', summary.error);

  if (summary.isPending) return <PageSpinner label="Loading the visitor counts" />;
  if (summary.isError) {
    return (
      <Alert>
        Sorry, the visitor counts could not be loaded.{' '}
        <button type="button" className="button button--small" onClick={() => void summary.refetch()}>
          Retry
        </button>
      </Alert>
    );
  }
  const data = summary.data;
  return (
    <>
      <SummaryFigures summary={data} />
      {data.dropped > 0 && (
        <p className="visitors__dropped">
          {data.dropped.toLocaleString('en-US')} {data.dropped === 1 ? 'request' : 'requests'} from bots and prefetches not counted in this
          period.
        </p>
      )}
      {data.pageviews === 0 ? (
        <EmptyState text="No visits yet in this period" />
      ) : (
        <>
          <VisitorsTrend series={data.series} />
          <div className="breakdowns">
            {BREAKDOWNS.map((breakdown) => (
              <BreakdownTable key={breakdown.kind} {...breakdown} range={range} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

/**
 * /admin/visitors: how many people came to the public site, to which pages and from where, for
 * a period kept in the URL (`?range=30d`, `?range=custom&from=…&to=…`).
 */
export function VisitorsScreen() {
  const [params, setParams] = useSearchParams();
  const choice = rangeFromParams(params);
  const status = useQuery(analyticsQueries.status());
  const counting = status.data?.enabled === true;

  return (
    <section className="screen visitors">
      <PageHeader title="Visitors">
        {choice.range && (
          <a className="button" href={analyticsExportUrl(choice.range)} download={`visitors-${choice.range.from}-${choice.range.to}.csv`}>
            Download CSV
          </a>
        )}
      </PageHeader>
      {status.data?.enabled === false && (
        <Alert kind="info">Counting is off. The site counts no visitors (ANALYTICS=off); the counts made before stay here.</Alert>
      )}
      <div className="visitors__bar">
        <RangePicker
          choice={choice}
          onPreset={(key) => setParams((current) => withRange(current, key))}
          onCustom={(dates) => setParams((current) => withRange(current, 'custom', dates))}
        />
        <VisitorsNow counting={counting} />
      </div>
      {choice.range ? <Report range={choice.range} /> : <p className="visitors__problem">{choice.problem}</p>}
    </section>
  );
}
