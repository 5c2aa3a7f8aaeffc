import { describe, expect, it } from 'vitest';
import {
  affectsPublicPages,
  editChange,
  notifyPayloads,
  parsePayload,
  publicPathsOf,
  type ContentChange,
} from '../../server/content/events/content-change';
import { SITE_PATHS } from '../../server/site/site-paths';

const change = (fields: Partial<ContentChange> = {}): ContentChange => ({
  kind: 'news',
  id: '00000000-0000-4000-8000-000000000001',
  oldPaths: [],
  newPaths: [],
  change: 'updated',
  ...fields,
});

describe('publicPathsOf', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('gives a published, due article its address, the site’s own', () => {
    expect(publicPathsOf('news', { slug: 'hello', status: 'published', publishAt: null }, now)).toEqual([SITE_PATHS.article('hello')]);
    expect(publicPathsOf('news', { slug: 'hello', status: 'published', publishAt: '2026-11-26T12:00:00Z' }, now)).toEqual(['/news/hello']);
  });

  it('gives none to a draft, an article not yet due, and an item gone', () => {
    expect(publicPathsOf('news', { slug: 'hello', status: 'draft', publishAt: null }, now)).toEqual([]);
    expect(publicPathsOf('news', { slug: 'hello', status: 'published', publishAt: new Date('2026-11-26T12:00:01Z') }, now)).toEqual([]);
    expect(publicPathsOf('news', null, now)).toEqual([]);
    expect(publicPathsOf('services', null, now)).toEqual([]);
  });

  it('puts every service on the services page, and no contact message or setting anywhere', () => {
    expect(publicPathsOf('services', {})).toEqual([SITE_PATHS.services]);
    expect(publicPathsOf('contactus', {})).toEqual([]);
    expect(publicPathsOf('settings', {})).toEqual([]);
  });
});

describe('editChange', () => {
  it('names an edit by what it did to the addresses', () => {
    expect(editChange([], ['/news/a'])).toBe('published');
    expect(editChange(['/news/a'], [])).toBe('unpublished');
    expect(editChange(['/news/a'], ['/news/b'])).toBe('updated');
    expect(editChange([], [])).toBe('updated');
  });
});

describe('affectsPublicPages', () => {
  it('is true for settings and for an item with an address before or after, false otherwise', () => {
    expect(affectsPublicPages(change({ kind: 'settings', id: null, change: 'settings' }))).toBe(true);
    expect(affectsPublicPages(change({ oldPaths: ['/news/a'] }))).toBe(true);
    expect(affectsPublicPages(change({ newPaths: ['/news/a'], change: 'published' }))).toBe(true);
    expect(affectsPublicPages(change())).toBe(false);
    expect(affectsPublicPages(change({ kind: 'contactus', change: 'deleted' }))).toBe(false);
  });
});

describe('notifyPayloads and parsePayload', () => {
  it('sends a few changes in one payload that reads back as sent', () => {
    const changes = [change({ newPaths: ['/news/a'] }), change({ kind: 'settings', id: null, change: 'settings' })];
    const payloads = notifyPayloads('replica-1', changes);
    expect(payloads).toHaveLength(1);
    expect(parsePayload(payloads[0])).toEqual({ from: 'replica-1', changes });
  });

  it('splits many changes into payloads under the limit, in order, losing none', () => {
    const changes = Array.from({ length: 300 }, (_, i) => change({ id: `id-${i}`, oldPaths: [`/news/article-${i}`] }));
    const payloads = notifyPayloads('replica-1', changes, 2000);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(2000);
    expect(payloads.flatMap((payload) => parsePayload(payload)!.changes)).toEqual(changes);
  });

  it('counts bytes, not characters, and sends a change too large alone without its paths', () => {
    const wide = change({ oldPaths: [`/news/${'é'.repeat(600)}`] });
    const [payload] = notifyPayloads('replica-1', [wide], 1000);
    expect(Buffer.byteLength(payload)).toBeLessThan(1000);
    expect(parsePayload(payload)!.changes).toEqual([{ ...wide, oldPaths: [], newPaths: [] }]);
  });

  it('reads nothing from a payload that is not one, and drops changes it does not know', () => {
    expect(parsePayload('not json')).toBeNull();
    expect(parsePayload('{"changes":[]}')).toBeNull();
    expect(parsePayload(JSON.stringify({ from: 'x', changes: [{ kind: 'news', change: 'renamed', oldPaths: [], newPaths: [] }] }))).toEqual(
      {
        from: 'x',
        changes: [],
      },
    );
  });
});
