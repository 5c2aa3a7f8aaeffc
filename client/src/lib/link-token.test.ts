import { afterEach, describe, expect, it } from 'vitest';
import { takeLinkToken } from './link-token';

describe('takeLinkToken', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the token from the fragment and leaves the address as it is', () => {
    window.history.replaceState(null, '', '/admin/reset-password#token=abc_DEF-123');
    expect(takeLinkToken(window.location, window.history)).toBe('abc_DEF-123');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/admin/reset-password#token=abc_DEF-123');
  });

  it('moves the token of an older link from the query to the fragment at once, keeping the other parameters', () => {
    window.history.replaceState({ idx: 0 }, '', '/admin/accept-invitation?token=old-Token_1&x=1');
    expect(takeLinkToken(window.location, window.history)).toBe('old-Token_1');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#token=old-Token_1');
    expect(window.history.state).toEqual({ idx: 0 });
  });

  it('answers an empty token when the link has none', () => {
    window.history.replaceState(null, '', '/admin/reset-password');
    expect(takeLinkToken(window.location, window.history)).toBe('');
  });
});
