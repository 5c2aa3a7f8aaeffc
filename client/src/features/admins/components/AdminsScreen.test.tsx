import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/Toaster';
import type { AdminRow } from '../api/admins';
import { AdminsScreen } from './AdminsScreen';

// jsdom has no modal dialogs: open and close are enough for the confirmation's tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const GRACE: AdminRow = {
  id: '7d3f0c36-8f43-4a4b-9d43-4a3f0f7d2b11',
  name: 'Grace',
  email: 'grace@example.com',
  role: 'administrator',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: null,
};
const ADA: AdminRow = { ...GRACE, id: '0b5c4f8e-3d1a-4c53-9a0e-2f6f1d7a9b10', name: 'Ada', email: 'ada@example.com', role: 'author' };

/** The Admins screen over a server with these accounts; `patch` answers a role change. */
function renderScreen(patch: (id: string, body: { role: string }) => Response) {
  const rows = [GRACE, ADA];
  const patches: { id: string; role: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (init?.method === 'PATCH') {
        const id = path.split('/').pop()!;
        const body = JSON.parse(String(init.body)) as { role: AdminRow['role'] };
        patches.push({ id, role: body.role });
        const reply = patch(id, body);
        if (reply.ok)
          rows.splice(
            rows.findIndex((row) => row.id === id),
            1,
            { ...rows.find((row) => row.id === id)!, role: body.role },
          );
        return reply;
      }
      if (path === '/api/admins/invitations') return json(200, { data: [], mailEnabled: true });
      if (path === '/api/admins')
        return json(200, { data: rows, links: { previousPage: null, nextPage: null, loopLink: [] }, meta: { page: 1, pageSize: 20 } });
      return json(404, { error: 'Not found' });
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/admins', element: <AdminsScreen /> }], { initialEntries: ['/admin/admins'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { patches };
}

describe('roles on the Admins screen', () => {
  it('shows each role and changes one only once confirmed', async () => {
    const user = userEvent.setup();
    const { patches } = renderScreen((_, body) => json(200, { ...ADA, ...body }));
    const select = await screen.findByRole('combobox', { name: 'Role of Ada' });
    expect((select as HTMLSelectElement).value).toBe('author');
    expect((screen.getByRole('combobox', { name: 'Role of Grace' }) as HTMLSelectElement).value).toBe('administrator');

    await user.selectOptions(select, 'editor');
    const dialog = screen.getByRole('dialog', { name: 'Change role' });
    expect(dialog.textContent).toContain('Ada will be an Editor instead of an Author');
    // Nothing is sent before the confirmation, and the select still says what the server has.
    expect(patches).toEqual([]);
    expect((select as HTMLSelectElement).value).toBe('author');

    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Ada is now an Editor')).toBeTruthy();
    expect(patches).toEqual([{ id: ADA.id, role: 'editor' }]);
    await vi.waitFor(() => expect((screen.getByRole('combobox', { name: 'Role of Ada' }) as HTMLSelectElement).value).toBe('editor'));
  });

  it("shows the server's refusal for the last administrator, and the role stays", async () => {
    const user = userEvent.setup();
    renderScreen(() => json(409, { error: { role: { msg: 'There must be at least one administrator' } } }));
    const select = await screen.findByRole('combobox', { name: 'Role of Grace' });
    await user.selectOptions(select, 'author');
    await user.click(within(screen.getByRole('dialog', { name: 'Change role' })).getByRole('button', { name: 'Change role' }));
    expect((await screen.findByRole('alert')).textContent).toContain('There must be at least one administrator');
    expect((select as HTMLSelectElement).value).toBe('administrator');
  });
});
