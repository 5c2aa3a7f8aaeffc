import { useState } from 'react';

/**
 * The token of a one-time link (a password reset, an invitation) at `location`: in the fragment,
 * `#token=…`, which browsers never send, so no proxy or server log keeps it. A link of the older
 * form, `?token=…` (mails sent before), still works: the token moves to the fragment at once, so
 * the address the browser keeps in its history and sends as Referer no longer holds it.
 */
export function takeLinkToken(location: Location, history: History): string {
  const url = new URL(location.href);
  const fromQuery = url.searchParams.get('token');
  if (fromQuery === null) return new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  url.searchParams.delete('token');
  url.hash = new URLSearchParams({ token: fromQuery }).toString();
  // history.state is React Router's entry; keeping it leaves the router's place in history as it was.
  history.replaceState(history.state, '', url);
  return fromQuery;
}

/** The current page's one-time link token ('' when there is none), read once. */
export function useLinkToken(): string {
  const [token] = useState(() => takeLinkToken(window.location, window.history));
  return token;
}
