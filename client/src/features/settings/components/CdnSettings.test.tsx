import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CdnStatus } from '../api/settings';
import { CdnSettings } from './CdnSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(status: CdnStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(status), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CdnSettings />
    </QueryClientProvider>,
  );
}

describe('CdnSettings', () => {
  it('says when no CDN is set', async () => {
    renderWith({ provider: 'none', waiting: 0, failedCount: 0, lastDoneAt: null, failed: [] });
    expect(await screen.findByText(/No CDN is set/)).toBeTruthy();
  });

  it('shows the purge queue: waiting, failed, the last one done, and each failure with its reason', async () => {
    renderWith({
      provider: 'varnish',
      waiting: 2,
      failedCount: 1,
      lastDoneAt: '2026-11-26T10:00:00.000Z',
      failed: [
        {
          id: '6f1c1f0e-8a43-4d8e-9f4b-2b7a9d7e1a11',
          tags: ['site'],
          paths: ['/*'],
          reason: 'varnish answered 403',
          attempts: 1,
          createdAt: '2026-11-26T09:00:00.000Z',
          failedAt: '2026-11-26T09:00:01.000Z',
        },
      ],
    });
    expect(await screen.findByText('Varnish')).toBeTruthy();
    expect(screen.getByText('Purges waiting').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText('Purges failed').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByRole('heading', { name: 'Purges that failed' })).toBeTruthy();
    expect(screen.getByText('Reason: varnish answered 403')).toBeTruthy();
  });
});
