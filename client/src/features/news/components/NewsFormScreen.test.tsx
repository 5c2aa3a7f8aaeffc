import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ToastProvider } from '../../../components/Toaster';
import { ApiError, uploadFile } from '../../../lib/api';
import { CanProvider } from '../../../lib/can';
import type { News, PhotoLimits } from '../api/news';
import { NewsFormScreen } from './NewsFormScreen';

// The photo goes up with progress (XMLHttpRequest), which jsdom cannot send anywhere: stand in for it.
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal()), uploadFile: vi.fn() }));
// uploadFile is generic over the API's paths; here it only ever stores a photo.
const upload = uploadFile as unknown as Mock<(path: string, form: FormData, onProgress?: (fraction: number) => void) => Promise<unknown>>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  upload.mockReset();
});

const LIMITS: PhotoLimits = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  typeMessage: 'Photo must be a JPEG, PNG or WebP image',
  sizeMessage: 'Photo must be at most 5 MB',
};

const ARTICLE: News = {
  id: '7d3f0c36-8f43-4a4b-9d43-4a3f0f7d2b11',
  title: 'Opening',
  description: 'We opened.',
  about: 'About it',
  photo: '/uploads/news/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.webp',
  photoWidth: 800,
  photoHeight: 600,
  slug: 'opening',
  photoAlt: null,
  status: 'published',
  publishAt: null,
  version: 1,
  hasDraft: false,
  createdBy: null,
  review: null,
  reviewNote: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const STORED = { photo: '/uploads/news/0b5c4f8e-3d1a-4c53-9a0e-2f6f1d7a9b10.webp', photoWidth: 64, photoHeight: 48 };
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'new.png', { type: 'image/png' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Renders the form at `at` with `save` answering its POST or PATCH (the article and the photo
 * limits are answered as the server would); returns the JSON requests it made.
 */
function renderForm(
  at: string,
  save: (call: Call) => Response = ({ body }) => json(200, { ...ARTICLE, ...(body as object) }),
  article: News = ARTICLE,
) {
  const calls: Call[] = [];
  let current = article;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://x').pathname,
        body: init?.body && JSON.parse(String(init.body)),
      };
      calls.push(call);
      if (call.path === '/api/news/photo-limits') return json(200, LIMITS);
      // The edit screen's visitor counts: none yet.
      if (call.path === '/api/analytics/pages') return json(200, { data: [] });
      // A site of one language: no language switcher.
      if (call.path === '/api/settings/languages')
        return json(200, { languages: [{ code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true }] });
      if (call.path.endsWith('/draft')) return json(404, { error: 'Not found' });
      if (call.method === 'GET') return json(200, { ...current, aboutHtml: '<p>About it</p>' });
      // What the server holds after a save: the next load reads it.
      const reply = save(call);
      if (reply.ok) current = (await reply.clone().json()) as News;
      return reply;
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/news', element: <p>The list</p> },
      { path: '/admin/news/create', element: <NewsFormScreen /> },
      { path: '/admin/news/edit/:id', element: <NewsFormScreen /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        {/* An editor's form: with Status, Publish at and saves that go live. */}
        <CanProvider can={{ 'news.write': true, 'news.publish': true }}>
          <RouterProvider router={router} />
        </CanProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { calls, saves: () => calls.filter((call) => call.method !== 'GET') };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function fillArticle(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Title'), 'Launch');
  await user.type(field('Description'), 'We launched.');
  await user.type(field('About'), 'All about it');
}

describe('NewsFormScreen', () => {
  it('stores a chosen photo first, then creates the article in one request naming it', async () => {
    upload.mockResolvedValue(STORED);
    const { saves } = renderForm('/admin/news/create', ({ body }) => json(201, { ...ARTICLE, ...(body as object) }));
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create News' });
    await user.upload(field('Photo'), PNG);
    await screen.findByRole('img', { name: 'Preview of the chosen photo' });
    await fillArticle(user);
    await user.click(screen.getByRole('button', { name: 'Create News' }));

    // Save stays on the form: the new article's own edit form.
    await screen.findByText('News created');
    await screen.findByRole('heading', { name: 'Edit News' });
    // The focus stays on Save, where the keyboard left it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit News' })));
    expect(upload).toHaveBeenCalledTimes(1);
    const [path, form] = upload.mock.calls[0];
    expect(path).toBe('/api/photos');
    expect((form.get('photo') as File).name).toBe('new.png');
    expect(saves()).toEqual([
      {
        method: 'POST',
        path: '/api/news',
        // A new article starts as a draft.
        body: expect.objectContaining({
          title: 'Launch',
          description: 'We launched.',
          about: 'All about it',
          photo: STORED.photo,
          status: 'draft',
          publishAt: null,
        }),
      },
    ]);
  });

  it('removes the photo with the save itself (photo: null), and leaves it out when it did not change', async () => {
    const { saves } = renderForm(`/admin/news/edit/${ARTICLE.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    await user.click(screen.getByRole('button', { name: 'Edit News' }));
    await screen.findByText('News updated');
    expect(saves()).toEqual([{ method: 'PATCH', path: `/api/news/${ARTICLE.id}`, body: expect.objectContaining({ photo: null }) }]);
    cleanup();

    const unchanged = renderForm(`/admin/news/edit/${ARTICLE.id}`);
    await user.type(await screen.findByLabelText('Title'), ' again');
    await user.click(screen.getByRole('button', { name: 'Edit News' }));
    await screen.findByText('News updated');
    expect(unchanged.saves()).toHaveLength(1);
    expect(unchanged.saves()[0].body).not.toHaveProperty('photo');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows a photo the server refuses under the picker, focused, and saves nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    upload.mockRejectedValue(new ApiError(415, { photo: { msg: 'Photo could not be read: the file may be damaged' } }));
    const { saves } = renderForm('/admin/news/create');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create News' });
    await user.upload(field('Photo'), PNG);
    await fillArticle(user);
    await user.click(screen.getByRole('button', { name: 'Create News' }));

    await screen.findByText('Photo could not be read: the file may be damaged');
    await waitFor(() => expect(document.activeElement).toBe(field('Photo')));
    expect(field('Photo').getAttribute('aria-invalid')).toBe('true');
    // Under the picker only, not again above the form.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saves()).toEqual([]);
    expect(field('Title').value).toBe('Launch');
  });

  it('names the photo it stored again when the first save is refused for another field: stored once', async () => {
    upload.mockResolvedValue(STORED);
    let refuse = true;
    const { saves } = renderForm(`/admin/news/edit/${ARTICLE.id}`, ({ body }) => {
      if (refuse) return json(400, { error: { title: { msg: 'Title is required' } } });
      return json(200, { ...ARTICLE, ...(body as object) });
    });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Photo', { exact: true }), PNG);
    await user.clear(field('Title'));
    await user.click(screen.getByRole('button', { name: 'Edit News' }));
    await screen.findByText('Title is required');

    refuse = false;
    await user.type(field('Title'), 'Opening, again');
    await user.click(screen.getByRole('button', { name: 'Edit News' }));
    await screen.findByText('News updated');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(saves().map((call) => (call.body as { photo?: string }).photo)).toEqual([STORED.photo, STORED.photo]);
  });

  it('publishes a draft now from Publish…: one save, published at once, and the form stays', async () => {
    const { saves } = renderForm('/admin/news/create', ({ body }) => json(201, { ...ARTICLE, ...(body as object) }));
    const user = userEvent.setup();
    await screen.findByText('Draft: not on the site until you publish it');
    await fillArticle(user);
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await screen.findByText('News published');
    expect(saves()).toEqual([
      { method: 'POST', path: '/api/news', body: expect.objectContaining({ title: 'Launch', status: 'published', publishAt: null }) },
    ]);
  });

  it('schedules a draft at a time on the site clock (UTC), and offers Unpublish once it is', async () => {
    const draft = { ...ARTICLE, status: 'draft' as const };
    const { saves } = renderForm(
      `/admin/news/edit/${ARTICLE.id}`,
      ({ body }) => json(200, { ...draft, ...(body as object), version: 2 }),
      draft,
    );
    const user = userEvent.setup();
    await screen.findByText('Draft: not on the site yet');
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    await user.click(screen.getByRole('radio', { name: 'Schedule for…' }));
    await user.type(screen.getByLabelText('Date and time (UTC)'), '2099-01-02T08:15');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText(/^News scheduled for Jan 2, 2099, 08:15 UTC/);
    expect(saves().at(-1)).toEqual({
      method: 'PATCH',
      path: `/api/news/${ARTICLE.id}`,
      body: expect.objectContaining({ status: 'published', publishAt: '2099-01-02T08:15:00.000Z' }),
    });
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('shows the whole address under the web address field as it is typed', async () => {
    renderForm('/admin/news/create');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create News' });
    expect(screen.getByText('made from the title when you save')).toBeTruthy();
    await user.type(field('Web address (left blank: made for you)'), 'our-opening');
    expect(screen.getByText('our-opening').closest('.address-field__url')?.textContent).toBe(`${window.location.origin}/news/our-opening`);
  });
});
