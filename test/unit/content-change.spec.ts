import { describe, expect, it } from 'vitest';
import {
  affectsPublicPages,
  editChange,
  notifyPayloads,
  parsePayload,
  type ContentChange,
} from '../../server/content/events/content-change';

const change = (fields: Partial<ContentChange> = {}): ContentChange => ({
  kind: 'news',
  id: '00000000-0000-4000-8000-000000000001',
  oldPaths: [],
  newPaths: [],
  change: 'updated',
  ...fields,
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
