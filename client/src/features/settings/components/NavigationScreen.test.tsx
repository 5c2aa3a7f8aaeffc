import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/Toaster';
import type { Navigation } from '../api/settings';
import { NavigationScreen } from './NavigationScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SAVED: Navigation = {
  header: [
    { label: 'Home', target: { kind: 'home' } },
    { label: 'Services', target: { kind: 'services' } },
    { label: 'News', target: { kind: 'news' } },
  ],
  footer: [{ label: 'Contact', target: { kind: 'contact' } }],
};

const PAGE = (id: string, title: string, status: 'draft' | 'published') => ({
  id,
  title,
  slug: title.toLowerCase().replace(/ /g, '-'),
  description: '',
  body: '',
  photo: null,
  photoWidth: null,
  photoHeight: null,
  photoAlt: null,
  status,
  publishAt: null,
  version: 1,
  hasDraft: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const PAGES = [PAGE('p-about', 'About us', 'published'), PAGE('p-careers', 'Careers', 'draft')];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Renders the screen with a server holding `saved` menus and PAGES; `put` answers a PUT (default: saves it). */
function renderScreen(saved: Navigation, put?: (body: Navigation) => Response) {
  const calls: Call[] = [];
  let current = saved;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.path === '/api/pages')
        return json(200, { data: PAGES, links: { previousPage: null, nextPage: null, loopLink: [] }, meta: {} });
      if (call.method === 'PUT') {
        if (put) return put(call.body as Navigation);
        current = call.body as Navigation;
      }
      return json(200, current);
    }),
  );
  // useUnsavedChanges needs a data router, as the app has.
  const router = createMemoryRouter([{ path: '/admin/settings/navigation', element: <NavigationScreen /> }], {
    initialEntries: ['/admin/settings/navigation'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const header = () => screen.findByRole('group', { name: 'Header menu' });
const labels = async () =>
  within(await header())
    .getAllByLabelText('Label')
    .map((input) => (input as HTMLInputElement).value);
const saves = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('NavigationScreen', () => {
  it('moves a link up and down with the keyboard, keeping the focus on the pressed button', async () => {
    const user = userEvent.setup();
    const calls = renderScreen(SAVED);
    const menu = await header();
    const up = within(menu).getByRole('button', { name: 'Move up News' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(await labels()).toEqual(['Home', 'News', 'Services']);
    expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Move up News' }));
    await user.keyboard('{Enter}');
    expect(await labels()).toEqual(['News', 'Home', 'Services']);
    // At the top Move up is disabled: the focus goes to Move down.
    expect((within(menu).getByRole('button', { name: 'Move up News' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Move down News' }));

    await user.click(screen.getByRole('button', { name: 'Save navigation' }));
    await screen.findByText('Navigation saved');
    expect(saves(calls)).toEqual([{ ...SAVED, header: [SAVED.header[2], SAVED.header[0], SAVED.header[1]] }]);
  });

  it('adds a link to a page, focusing its label, and removes one', async () => {
    const user = userEvent.setup();
    const calls = renderScreen(SAVED);
    const menu = await header();
    await user.click(within(menu).getByRole('button', { name: 'Add a link to the header menu' }));
    expect(document.activeElement).toBe(within(menu).getAllByLabelText('Label')[3]);
    await user.keyboard('About us');
    const added = within(menu).getByRole('group', { name: 'Header link 4: About us' });
    await user.selectOptions(within(added).getByLabelText('Links to'), 'About us');
    await user.click(within(menu).getByRole('button', { name: 'Remove Services' }));
    await user.click(screen.getByRole('button', { name: 'Save navigation' }));
    await screen.findByText('Navigation saved');
    expect(saves(calls)).toEqual([
      { ...SAVED, header: [SAVED.header[0], SAVED.header[2], { label: 'About us', target: { kind: 'page', id: 'p-about' } }] },
    ]);
  });

  it('refuses an address that is not https:// at its field, sending nothing', async () => {
    const user = userEvent.setup();
    const calls = renderScreen(SAVED);
    const footer = await screen.findByRole('group', { name: 'Footer menu' });
    await user.click(within(footer).getByRole('button', { name: 'Add a link to the footer menu' }));
    await user.keyboard('Jobs');
    const item = within(footer).getByRole('group', { name: 'Footer link 2: Jobs' });
    await user.selectOptions(within(item).getByLabelText('Links to'), 'An https:// address');
    const address = within(item).getByLabelText('Address');
    expect((address as HTMLInputElement).value).toBe('https://');
    await user.clear(address);
    // Pasted rather than typed: one change, quick under a busy machine.
    await user.paste('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save navigation' }));
    expect(await within(item).findByText('Only https:// addresses can be linked')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(address);
    expect(saves(calls)).toEqual([]);

    await user.clear(address);
    await user.paste('https://jobs.example.com');
    await user.click(screen.getByRole('button', { name: 'Save navigation' }));
    await screen.findByText('Navigation saved');
    expect(saves(calls)).toEqual([
      { ...SAVED, footer: [...SAVED.footer, { label: 'Jobs', target: { kind: 'url', url: 'https://jobs.example.com' } }] },
    ]);
  });

  it("shows the server's refusal at the field it names", async () => {
    const user = userEvent.setup();
    renderScreen(SAVED, () => json(400, { error: { 'header.1.label': { msg: 'The label is too long' } } }));
    const menu = await header();
    await user.click(screen.getByRole('button', { name: 'Save navigation' }));
    const second = within(menu).getByRole('group', { name: 'Header link 2: Services' });
    expect(await within(second).findByText('The label is too long')).toBeTruthy();
    expect(document.activeElement).toBe(within(second).getByLabelText('Label'));
  });

  it('stops adding at 8 header links, saying so', async () => {
    const user = userEvent.setup();
    renderScreen({
      ...SAVED,
      header: Array.from({ length: 7 }, (_, i) => ({ label: `Link ${i + 1}`, target: { kind: 'home' as const } })),
    });
    const menu = await header();
    const add = within(menu).getByRole('button', { name: 'Add a link to the header menu' });
    await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(within(menu).getByText('The header holds at most 8 links. Remove one to add another.')).toBeTruthy();
  });

  it('flags a link to a draft or trashed page: the site leaves it out', async () => {
    renderScreen({
      header: [
        { label: 'About us', target: { kind: 'page', id: 'p-about' } },
        { label: 'Careers', target: { kind: 'page', id: 'p-careers' } },
        { label: 'Team', target: { kind: 'page', id: 'p-gone' } },
      ],
      footer: [],
    });
    const menu = await header();
    await waitFor(() => expect(within(menu).getAllByText('This page is not published, so the site leaves it out')).toHaveLength(2));
    expect(within(within(menu).getByRole('group', { name: 'Header link 1: About us' })).queryByText(/not published/)).toBeNull();
    const team = within(within(menu).getByRole('group', { name: 'Header link 3: Team' })).getByLabelText('Links to') as HTMLSelectElement;
    expect(team.selectedOptions[0].textContent).toBe('A page in the trash or deleted');
  });
});
