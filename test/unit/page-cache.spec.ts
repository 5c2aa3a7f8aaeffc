import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentEvents } from '../../server/content/events/content-events.service';
import type { ContentChange } from '../../server/content/events/content-change';
import { MAX_ENTRIES, PAGE_TTL_MS, PageCache, type BuiltPage } from '../../server/site/page-cache.service';

const page = (text: string): BuiltPage => ({
  status: 200,
  file: { type: 'text/html', variants: { identity: { body: Buffer.from(text), etag: `"${text}"` } } },
});

/** A renderer that counts its calls and answers when told to. */
function renderer(text = 'page') {
  let calls = 0;
  let release: () => void = () => undefined;
  const render = () => {
    calls += 1;
    return new Promise<BuiltPage>((resolve) => (release = () => resolve(page(text))));
  };
  return { render, calls: () => calls, release: () => release() };
}

/** The listener the cache subscribes, and a way to tell it of changes. */
function fakeEvents() {
  let listener: (changes: ContentChange[]) => void = () => undefined;
  const events = { subscribe: (heard: typeof listener) => (listener = heard) } as unknown as ContentEvents;
  return { events, tell: (...changes: ContentChange[]) => listener(changes) };
}

const change = (fields: Partial<ContentChange>): ContentChange => ({
  kind: 'news',
  id: '00000000-0000-4000-8000-000000000001',
  oldPaths: [],
  newPaths: [],
  change: 'updated',
  ...fields,
});

describe('PageCache', () => {
  afterEach(() => vi.useRealTimers());

  it('renders a page once, then serves it from memory', async () => {
    const cache = new PageCache();
    const { render, calls, release } = renderer();
    const first = cache.get('home', render);
    release();
    expect((await first)?.file.variants.identity.body.toString()).toBe('page');
    expect((await cache.get('home', render))?.status).toBe(200);
    expect(calls()).toBe(1);
  });

  it('shares one rendering among the requests that miss together', async () => {
    const cache = new PageCache();
    const { render, calls, release } = renderer();
    const pending = [cache.get('home', render), cache.get('home', render), cache.get('home', render)];
    release();
    await Promise.all(pending);
    expect(calls()).toBe(1);
  });

  it('keeps no "not found" and renders it again next time', async () => {
    const cache = new PageCache();
    const render = vi.fn(() => Promise.resolve(null));
    await cache.get('missing', render);
    await cache.get('missing', render);
    expect(render).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('renders again once a page is older than PAGE_TTL_MS', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const cache = new PageCache();
    const render = vi.fn(() => Promise.resolve(page('a')));
    await cache.get('home', render);
    vi.setSystemTime(Date.now() + PAGE_TTL_MS - 1);
    await cache.get('home', render);
    expect(render).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2);
    await cache.get('home', render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('does not keep a rendering begun before clear(): it may show what the change replaced', async () => {
    const cache = new PageCache();
    const { render, release } = renderer('old');
    const pending = cache.get('home', render);
    cache.clear();
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('holds at most MAX_ENTRIES pages, dropping the oldest first', async () => {
    const cache = new PageCache();
    for (let i = 0; i <= MAX_ENTRIES; i += 1) await cache.get(`page-${i}`, () => Promise.resolve(page(String(i))));
    expect(cache.size).toBe(MAX_ENTRIES);
    const render = vi.fn(() => Promise.resolve(page('again')));
    await cache.get(`page-${MAX_ENTRIES}`, render);
    expect(render).not.toHaveBeenCalled();
    await cache.get('page-0', render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('is cleared by a change a visitor can see, and kept for one no page shows', async () => {
    const { events, tell } = fakeEvents();
    const cache = new PageCache(events);
    await cache.get('home', () => Promise.resolve(page('a')));
    tell(change({ oldPaths: [], newPaths: [], change: 'updated' }));
    expect(cache.size).toBe(1);
    tell(change({ kind: 'contactus', change: 'deleted' }));
    expect(cache.size).toBe(1);
    tell(change({ oldPaths: ['/news/a'], newPaths: ['/news/a'] }));
    expect(cache.size).toBe(0);
    await cache.get('home', () => Promise.resolve(page('b')));
    tell(change({ kind: 'settings', id: null, change: 'settings' }));
    expect(cache.size).toBe(0);
  });

  describe('answering a visitor ahead of Express (remember, answer)', () => {
    const reply = { route: '/news', status: 200, cacheControl: 'no-cache', headers: { 'Content-Language': 'en' } };

    it('answers a page once it knows how it was sent, until the page goes stale', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const cache = new PageCache();
      const kept = await cache.get('news', () => Promise.resolve(page('a')));
      expect(cache.answer('news')).toBeUndefined();
      cache.remember('news', kept!, reply);
      expect(cache.answer('news')).toEqual({ page: kept, reply });
      vi.advanceTimersByTime(PAGE_TTL_MS);
      expect(cache.answer('news')).toBeUndefined();
    });

    it('remembers nothing for a page it no longer holds under that key', async () => {
      const cache = new PageCache();
      const old = await cache.get('news', () => Promise.resolve(page('a')));
      cache.clear();
      const fresh = await cache.get('news', () => Promise.resolve(page('b')));
      cache.remember('news', old!, reply);
      expect(cache.answer('news')).toBeUndefined();
      cache.remember('other', fresh!, reply);
      expect(cache.answer('other')).toBeUndefined();
    });

    it('answers nothing once cleared', async () => {
      const { events, tell } = fakeEvents();
      const cache = new PageCache(events);
      const kept = await cache.get('news', () => Promise.resolve(page('a')));
      cache.remember('news', kept!, reply);
      tell(change({ oldPaths: ['/news/a'], newPaths: ['/news/a'] }));
      expect(cache.answer('news')).toBeUndefined();
    });
  });
});
