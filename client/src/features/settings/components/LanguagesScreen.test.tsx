import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/Toaster';
import { LanguagesScreen } from './LanguagesScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EN = { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true, fallback: false };
const DE = { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false, fallback: false };
const NEWS_ID = '3f1c5a4e-8d2b-4c1a-9e3f-1a2b3c4d5e6f';
const NAVIGATION = {
  header: [{ id: NEWS_ID, label: 'News', target: { kind: 'news' }, available: true, page: null }],
  footer: [],
};
const SETTINGS = { companyName: 'Acme', tagline: 'We fix things', maintenance: false, version: 3 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The screen with a server holding `languages`; `put` answers a PUT of the languages (default: saves them). */
function renderScreen(languages: object[], put?: (body: unknown) => Response) {
  const calls: Call[] = [];
  let current = { languages };
  let translation = { lang: 'de', companyName: '', tagline: '', menuLabels: { [NEWS_ID]: '' }, outdated: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.path === '/api/settings/languages') {
        if (call.method === 'PUT') {
          if (put) return put(call.body);
          current = call.body as typeof current;
        }
        return json(200, current);
      }
      if (call.path === '/api/settings/translations/de') {
        if (call.method === 'PUT') translation = { ...translation, ...(call.body as object) };
        return json(200, translation);
      }
      if (call.path === '/api/settings/navigation') return json(200, NAVIGATION);
      if (call.path === '/api/settings') return json(200, SETTINGS);
      return json(404, { error: 'Not found' });
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/settings/languages', element: <LanguagesScreen /> }], {
    initialEntries: ['/admin/settings/languages'],
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

const puts = (calls: Call[], path: string) => calls.filter((call) => call.method === 'PUT' && call.path === path).map((call) => call.body);

describe('LanguagesScreen', () => {
  it('makes a language the default, moving it first, and saves the list in that order', async () => {
    const user = userEvent.setup();
    const calls = renderScreen([EN, DE]);
    const german = (await screen.findByRole('heading', { level: 2, name: 'Deutsch' })).closest('li')!;
    await user.click(within(german).getByRole('button', { name: 'Make default: Deutsch' }));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 2)).toEqual(['DeutschDefault', 'English']);
    await user.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(await screen.findByText('Languages saved')).toBeTruthy();
    expect(puts(calls, '/api/settings/languages')).toEqual([
      {
        languages: [
          { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: true },
          { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: false },
        ],
      },
    ]);
  });

  it('shows the server’s refusal at its field and focuses it', async () => {
    const user = userEvent.setup();
    renderScreen([EN], () =>
      json(400, { error: { 'languages.1.code': { msg: 'Code must be a BCP 47 language code such as de, fr-CA or zh-Hant' } } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add a language' }));
    const added = screen.getByRole('heading', { level: 2, name: 'Language 2' }).closest('li')!;
    expect(document.activeElement).toBe(within(added).getByLabelText('Code'));
    await user.type(within(added).getByLabelText('Code'), 'xx!');
    await user.type(within(added).getByLabelText('Name'), 'Broken');
    expect(within(added).getByText('No shipped catalog: the site’s fixed words (menus, buttons) fall back to English.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(await within(added).findByText('Code must be a BCP 47 language code such as de, fr-CA or zh-Hant')).toBeTruthy();
    expect(within(added).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(added).getByLabelText('Code'));
  });

  it('removes a language other than the default, and offers no Remove for the default', async () => {
    const user = userEvent.setup();
    renderScreen([EN, DE]);
    const english = (await screen.findByRole('heading', { level: 2, name: 'EnglishDefault' })).closest('li')!;
    expect(within(english).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect((within(english).getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove Deutsch' }));
    expect(screen.queryByRole('heading', { level: 2, name: 'Deutsch' })).toBeNull();
  });

  it('copies the default texts into the translation, shows them beside the fields, and saves the menu labels by item id', async () => {
    const user = userEvent.setup();
    const calls = renderScreen([EN, DE]);
    const form = await screen.findByRole('form', { name: 'Deutsch translation' });
    expect(within(form).getByText('We fix things')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Copy from English' }));
    expect((within(form).getByLabelText('Company name (Deutsch)') as HTMLInputElement).value).toBe('Acme');
    const label = within(form).getByLabelText('Header link “News” (Deutsch)');
    await user.clear(label);
    await user.type(label, 'Neuigkeiten');
    await user.click(within(form).getByRole('button', { name: 'Save Deutsch' }));
    expect(await screen.findByText('Deutsch saved')).toBeTruthy();
    expect(puts(calls, '/api/settings/translations/de')).toEqual([
      { companyName: 'Acme', tagline: 'We fix things', menuLabels: { [NEWS_ID]: 'Neuigkeiten' } },
    ]);
  });
});
