import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterScreen } from './RegisterScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/**
 * Renders the screen at `url` and records the bodies it posts (the server answers 201); asked
 * whether registration is open, the server says `open`.
 */
function renderAt(url: string, open = true) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return json({ open });
      bodies.push(JSON.parse(String(init?.body)));
      const admin = { id: '1', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00Z' };
      return json({ admin }, 201);
    }),
  );
  // A data router, as the app has: the screen's form hook uses React Router's useBlocker.
  const router = createMemoryRouter(
    [
      { path: '/admin/register', element: <RegisterScreen /> },
      { path: '/admin/login', element: <p>login screen</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return bodies;
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterScreen', () => {
  it('sends the setup token of a setup link (?setup=) with the registration', async () => {
    const bodies = renderAt('/admin/register?setup=token-from-the-log');
    await fillAndSubmit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse battery',
      setupToken: 'token-from-the-log',
    });
  });

  it('says at once when registration is closed, with the ways in, and offers no form', async () => {
    renderAt('/admin/register', false);
    expect(await screen.findByText('Registration is closed on this site. An administrator can add you.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/admin/forgot-password');
    expect(screen.getByText(/Open the link in your invitation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login here' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('sends no setup token without a setup link', async () => {
    const bodies = renderAt('/admin/register');
    await fillAndSubmit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('setupToken');
  });
});
