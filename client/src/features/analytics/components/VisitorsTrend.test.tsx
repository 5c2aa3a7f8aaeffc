import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitorsTrend } from './VisitorsTrend';

// The canvas chart is uPlot's and jsdom has no canvas: these tests are about the words beside it.
vi.mock('./VisitorsChart', () => ({ VisitorsChart: () => null }));

afterEach(cleanup);

const DAYS = [
  { date: '2026-11-24', visitors: 3, pageviews: 5, dropped: 0 },
  { date: '2026-11-25', visitors: 4, pageviews: 9, dropped: 12 },
  { date: '2026-11-26', visitors: 1, pageviews: 1, dropped: 1_500 },
];

describe('VisitorsTrend', () => {
  it('says under the chart how many requests were dropped on each day that had some', () => {
    render(<VisitorsTrend series={DAYS} />);
    const list = screen.getByRole('list', { name: 'Dropped by day' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nov 25, 2026: Dropped (bots, prefetches): 12', 'Nov 26, 2026: Dropped (bots, prefetches): 1,500']);
  });

  it('has a Dropped column in the table of days', () => {
    render(<VisitorsTrend series={DAYS} />);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Dropped' })).toBeTruthy();
    const row = within(table).getByRole('row', { name: /Nov 26, 2026/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '1', '1,500']);
  });

  it('has no dropped figures hour by hour, where the server keeps none', () => {
    render(<VisitorsTrend series={[{ date: '2026-11-26T14:00:00Z', visitors: 2, pageviews: 3, dropped: null }]} />);
    expect(screen.queryByRole('columnheader', { name: 'Dropped' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Dropped by day' })).toBeNull();
  });
});
