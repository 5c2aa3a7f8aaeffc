import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CanProvider, useCan, type Can } from '../lib/can';
import { AdminLayout } from './AdminLayout';
import { Allowed } from './guards';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An author's flags as GET /api/admins/me answers them (server/roles/permissions.ts decides; this is the reply). */
const AUTHOR: Can = {
  'news.write': true,
  'news.publish': false,
  'pages.write': true,
  'pages.publish': false,
  'services.read': true,
  'services.write': false,
  'settings.read': true,
  'trash.manage': false,
  'trash.purge': false,
  'contactus.manage': false,
  'analytics.read': false,
  'activity.read': false,
  'settings.manage': false,
  'admins.manage': false,
  'site.preview': true,
  'dashboard.read': true,
  'account.own': true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Publish() {
  return useCan('news.publish') ? <button type="button">Publish</button> : <p>No publishing</p>;
}

describe('useCan', () => {
  it('allows nothing outside the admin layout (the flags are not known there)', () => {
    render(<Publish />);
    expect(screen.getByText('No publishing')).toBeTruthy();
  });

  it('answers from the flags the layout hands down', () => {
    render(
      <CanProvider can={{ ...AUTHOR, 'news.publish': true }}>
        <Publish />
      </CanProvider>,
    );
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });
});

function renderAllowed(can: Partial<Can> | null) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/trash',
        element: (
          <CanProvider can={can}>
            <Allowed need="trash.manage">
              <h1>Trash</h1>
            </Allowed>
          </CanProvider>
        ),
      },
    ],
    { initialEntries: ['/admin/trash'] },
  );
  render(<RouterProvider router={router} />);
}

describe('Allowed', () => {
  it('shows the screen to a role that has its rule', () => {
    renderAllowed({ 'trash.manage': true });
    expect(screen.getByRole('heading', { name: 'Trash' })).toBeTruthy();
  });

  it('says "You don\'t have access to this page", with a way back, to a role without it; the screen never mounts', async () => {
    renderAllowed(AUTHOR);
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('heading', { name: 'Trash' })).toBeNull();
  });

  it('waits while the flags are still being read (right after a sign-in), showing neither', () => {
    renderAllowed(null);
    expect(screen.getByText('Checking your access')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trash' })).toBeNull();
    expect(screen.queryByRole('heading', { name: "You don't have access to this page" })).toBeNull();
  });
});

describe('the side menu for an author', () => {
  it('lists only the screens the role may open, and sends no request the role would be refused', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://x').pathname;
        requested.push(path);
        if (path === '/api/admins/me')
          return json(200, {
            admin: {
              id: '7d3f0c36-8f43-4a4b-9d43-4a3f0f7d2b11',
              name: 'Ada',
              email: 'ada@example.com',
              role: 'author',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
            can: AUTHOR,
          });
        if (path === '/api/settings') return json(200, { companyName: 'Acme', logo: null });
        if (path === '/api/dashboard') return json(200, { unread: { count: 3, orMore: false, latest: [] } });
        return json(404, { error: 'Not found' });
      }),
    );
    const router = createMemoryRouter(
      [{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <h1>Dashboard</h1> }] }],
      {
        initialEntries: ['/admin'],
      },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const menu = screen.getByRole('navigation', { name: 'Main' });
    await within(menu).findByRole('link', { name: 'News' });
    const names = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Dashboard', 'Services', 'News', 'Pages', 'Your account', 'Preview site↗']);
    // The company's name is everyone's to read; the unread count is not shown to a role without the messages.
    await screen.findByText('Acme');
    expect(screen.queryByText('unread')).toBeNull();
    expect(requested.filter((path) => !['/api/admins/me', '/api/settings', '/api/dashboard'].includes(path))).toEqual([]);
  });
});
