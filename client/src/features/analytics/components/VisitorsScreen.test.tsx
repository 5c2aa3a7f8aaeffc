import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitorsScreen } from './VisitorsScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

const FIGURES = { visitors: 0, pageviews: 0, visits: 0, bounceRate: 0, dropped: 0 };

/** Renders the screen with the server counting (or not) and nothing counted; returns the paths it asked for. */
function renderScreen(enabled: boolean, at = '/admin/visitors') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      asked.push(url.pathname);
      const body =
        url.pathname === '/api/analytics/status'
          ? { enabled, days: 730, optOutKey: 'counts-off' }
          : url.pathname === '/api/analytics/summary'
            ? { ...FIGURES, from: '2026-11-20', to: '2026-11-26', visitorsSummed: true, previous: FIGURES, series: [] }
            : url.pathname === '/api/analytics/live'
              ? { visitors: 3 }
              : { data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/visitors', element: <VisitorsScreen /> }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, live: () => asked.filter((path) => path === '/api/analytics/live').length };
}

describe('VisitorsScreen', () => {
  it('says counting is off, shows what was counted before, and never asks who is here now', async () => {
    const { live } = renderScreen(false);
    expect(await screen.findByText(/^Counting is off\./)).toBeTruthy();
    expect(await screen.findByText('No visits yet in this period')).toBeTruthy();
    expect(screen.queryByText(/Visitors now/)).toBeNull();
    expect(live()).toBe(0);
  });

  it('asks who is here now every 15 s, only while the tab is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { live } = renderScreen(true);
    expect(await screen.findByText('3')).toBeTruthy();
    expect(live()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(live()).toBe(2));

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(live()).toBe(2);
  });

  it('says what is wrong with a custom period instead of asking for it', async () => {
    const { asked } = renderScreen(true, '/admin/visitors?range=custom&from=2026-11-10&to=2026-11-01');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    expect(asked).not.toContain('/api/analytics/summary');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});
