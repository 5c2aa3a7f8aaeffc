import { describe, expect, it } from 'vitest';
import { afterLogin } from './guards';

describe('afterLogin', () => {
  it('leads back to the admin page a guard came from, else the one the server sent the browser from (?from=)', () => {
    expect(afterLogin({ state: { from: '/admin/news' }, search: '?from=%2Fadmin%2Fpreview%2F' })).toBe('/admin/news');
    expect(afterLogin({ state: null, search: '?from=%2Fadmin%2Fpreview%2Fnews%2Fopening' })).toBe('/admin/preview/news/opening');
    expect(afterLogin({ state: null, search: '' })).toBe('/admin');
  });

  it('never leads to another site, nor back to the login screen', () => {
    for (const from of ['https://evil.example/admin', '//evil.example/admin', '/news/opening', '/admin/login', '/admin-x']) {
      expect(afterLogin({ state: null, search: `?from=${encodeURIComponent(from)}` }), from).toBe('/admin');
    }
  });
});
