import { compare, formatRate } from '../../../lib/visitor-range';
import type { AnalyticsSummary } from '../api/analytics';

interface Figure {
  name: string;
  value: string;
  change: ReturnType<typeof compare>;
  note?: string;
}

/**
 * Visitors, pageviews, visits and bounce rate, each against the period before: the arrow and the
 * change in words (a colour would say nothing to many). Over more than a day, visitors are the
 * sum of each day's visitors (a visitor is recognised for one day only), and the figure says so.
 */
export function SummaryFigures({ summary }: { summary: AnalyticsSummary }) {
  const count = (value: number) => value.toLocaleString('en-US');
  const figures: Figure[] = [
    {
      name: 'Visitors',
      value: count(summary.visitors),
      change: compare(summary.visitors, summary.previous.visitors),
      note: summary.visitorsSummed ? 'Sum of daily visitors: someone who came on two days counts twice.' : undefined,
    },
    { name: 'Pageviews', value: count(summary.pageviews), change: compare(summary.pageviews, summary.previous.pageviews) },
    { name: 'Visits', value: count(summary.visits), change: compare(summary.visits, summary.previous.visits) },
    {
      name: 'Bounce rate',
      value: formatRate(summary.bounceRate),
      change: compare(summary.bounceRate, summary.previous.bounceRate, 'rate'),
      note: 'Visits that saw one page only.',
    },
  ];
  return (
    <ul className="figures" aria-label="Summary">
      {figures.map((figure) => (
        <li key={figure.name} className="figure">
          <span className="figure__name">{figure.name}</span>
          <strong className="figure__value">{figure.value}</strong>
          <span className={`figure__change figure__change--${figure.change.direction}`}>
            <span aria-hidden="true">{figure.change.arrow} </span>
            {figure.change.text}
          </span>
          {figure.note && <span className="figure__note">{figure.note}</span>}
        </li>
      ))}
    </ul>
  );
}
