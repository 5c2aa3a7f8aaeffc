import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/Toaster';
import type { SiteSettings } from '../api/settings';
import { SettingsScreen } from './SettingsScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SAVED: SiteSettings = {
  maintenance: true,
  companyName: 'Acme Plumbing',
  tagline: 'We fix leaks',
  email: 'hello@acme.example',
  phone: '+44 20 7946 0958',
  accentColor: '',
  privacyPage: null,
  legalNoticePage: null,
  logo: null,
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  body: unknown;
}

/**
 * Renders the screen with `server` answering every request (GET and PATCH /api/settings); returns
 * the requests it made.
 */
function renderScreen(server: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // The legal pages' selects read the pages: none here.
      if (new URL(String(input), 'http://localhost').pathname === '/api/pages')
        return json(200, { data: [], links: { previousPage: null, nextPage: null, loopLink: [] }, meta: {} });
      const call = { method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return server(call);
    }),
  );
  // useUnsavedChanges needs a data router, as the app has.
  const router = createMemoryRouter([{ path: '/admin/settings', element: <SettingsScreen /> }], {
    initialEntries: ['/admin/settings'],
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

/** A server holding SAVED that applies a PATCH as the real one does (trimmed text). */
function workingServer() {
  let current = { ...SAVED };
  return ({ method, body }: Call) => {
    if (method === 'PATCH') {
      const changes = Object.fromEntries(
        Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
      );
      current = { ...current, ...changes, updatedAt: '2026-11-21T09:30:00.000Z' };
    }
    return json(200, current);
  };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('SettingsScreen', () => {
  it("fills the form from the server: the site's state and the company details", async () => {
    renderScreen(workingServer());
    expect(await screen.findByText('Hidden (maintenance page)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Put the site live' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(field('Company name').value).toBe('Acme Plumbing');
    expect(field('Tagline').value).toBe('We fix leaks');
    expect(field('Email')).toHaveProperty('type', 'email');
    expect(field('Email').value).toBe('hello@acme.example');
    expect(field('Phone')).toHaveProperty('type', 'tel');
    expect(field('Phone').value).toBe('+44 20 7946 0958');
    expect(screen.getByText('Visitors see only the maintenance page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeTruthy();
  });

  it('shows a spinner while loading, then an error with Try again when the settings cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderScreen(() => (fail ? json(500, { error: 'Something went wrong' }) : json(200, SAVED)));
    expect(screen.getByText('Loading the settings')).toBeTruthy();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sorry, the settings could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Put the site live' })).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Put the site live' })).toBeTruthy();
  });

  it("shows the server's message under each field it refused, focuses the first, and keeps what was typed", async () => {
    const calls = renderScreen(({ method }) =>
      method === 'PATCH'
        ? json(400, {
            error: {
              email: { msg: 'Email must be a valid email address' },
              phone: { msg: 'Phone may contain only digits, spaces and + ( ) - .' },
            },
          })
        : json(200, SAVED),
    );
    const user = userEvent.setup();
    await screen.findByLabelText('Company name');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email must be a valid email address').id).toBe(field('Email').getAttribute('aria-describedby'));
    // The message first, then the field's rule.
    expect(field('Phone').getAttribute('aria-describedby')?.split(' ')).toEqual([
      screen.getByText('Phone may contain only digits, spaces and + ( ) - .').id,
      screen.getByText('Digits, spaces and + ( ) - . only, up to 40 characters.').id,
    ]);
    expect(field('Company name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Email'));
    expect(field('Email').value).toBe('not-an-email');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', body: { email: 'not-an-email', phone: 'call me' } });
    expect(screen.queryByText('Settings saved')).toBeNull();
  });

  it('shows a message above the button when the save fails for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(({ method }) => (method === 'PATCH' ? json(500, { error: 'Something went wrong' }) : json(200, SAVED)));
    const user = userEvent.setup();
    await screen.findByLabelText('Company name');
    await user.type(field('Tagline'), '!');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Something went wrong');
  });

  it('saves only what changed, with a spinner while saving, then says so and shows the saved values', async () => {
    const server = workingServer();
    let release: () => void = () => undefined;
    const calls = renderScreen((call) =>
      call.method === 'PATCH' ? new Promise<Response>((resolve) => (release = () => resolve(server(call)))) : server(call),
    );
    const user = userEvent.setup();
    await screen.findByLabelText('Company name');
    await user.clear(field('Tagline'));
    await user.type(field('Tagline'), '  Leaks fixed fast  ');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const button = screen.getByRole('button', { name: 'Saving' });
    expect(button).toHaveProperty('disabled', true);
    expect(within(button).getByRole('status')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', body: { tagline: '  Leaks fixed fast  ', phone: '555 0100' } },
    ]);
    release();

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    // The form shows what the server saved (it trims).
    expect(field('Tagline').value).toBe('Leaks fixed fast');
    expect(field('Phone').value).toBe('555 0100');
    expect(field('Company name').value).toBe('Acme Plumbing');
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', false);
  });

  it('keeps a field edited again while the save was on its way, and shows the saved values of the others', async () => {
    const server = workingServer();
    let release: () => void = () => undefined;
    renderScreen((call) =>
      call.method === 'PATCH' ? new Promise<Response>((resolve) => (release = () => resolve(server(call)))) : server(call),
    );
    const user = userEvent.setup();
    await screen.findByLabelText('Company name');
    await user.clear(field('Tagline'));
    await user.type(field('Tagline'), 'First ');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), ' 555 0100 ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('button', { name: 'Saving' });
    await user.type(field('Tagline'), 'and second');
    release();

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(field('Tagline').value).toBe('First and second');
    expect(field('Phone').value).toBe('555 0100');
  });
});
