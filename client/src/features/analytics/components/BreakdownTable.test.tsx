import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BreakdownTable } from './BreakdownTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RANGE = { from: '2026-11-20', to: '2026-11-26', days: 7 };

/** Renders one table with the server answering `rows`; returns the requests it made. */
function renderTable(kind: Parameters<typeof BreakdownTable>[0]['kind'], rows: { value: string; visitors: number; pageviews: number }[]) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input), 'http://x'));
      return new Response(JSON.stringify({ data: rows }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const { container } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BreakdownTable kind={kind} title="Top pages" column="Page" range={RANGE} />
    </QueryClientProvider>,
  );
  return { requests, container };
}

describe('BreakdownTable', () => {
  it("asks for the period's rows and shows each with its visitors and pageviews", async () => {
    const { requests } = renderTable('pages', [{ value: '/news/launch', visitors: 1200, pageviews: 3456 }]);
    const table = await screen.findByRole('table', { name: 'Top pages' });
    expect(requests.map((url) => `${url.pathname}${url.search}`)).toEqual(['/api/analytics/pages?from=2026-11-20&to=2026-11-26']);
    const cells = Array.from(table.querySelectorAll('tbody td')).map((cell) => cell.textContent);
    expect(cells).toEqual(['/news/launch', '1,200', '3,456']);
  });

  it('shows a path or a referrer a visitor made up as text, never as markup', async () => {
    const evil = '<script>window.pwned = true</script><img src=x onerror="window.pwned = true">';
    const { container } = renderTable('referrers', [{ value: evil, visitors: 1, pageviews: 1 }]);
    expect(await screen.findByText(evil)).toBeTruthy();
    expect(container.querySelector('script, img')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('names countries and the visits without a referrer', async () => {
    renderTable('countries', [
      { value: 'DE', visitors: 2, pageviews: 3 },
      { value: '', visitors: 1, pageviews: 1 },
    ]);
    expect(await screen.findByText('Germany')).toBeTruthy();
    expect(screen.getByText('Unknown')).toBeTruthy();
  });

  it('says when the period has none', async () => {
    renderTable('campaigns', []);
    expect(await screen.findByText('None in this period.')).toBeTruthy();
  });
});
