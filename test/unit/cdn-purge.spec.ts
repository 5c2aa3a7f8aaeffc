import { describe, expect, it } from 'vitest';
import { batches, expandPaths, mergePurges, purgeOf } from '../../server/cdn/cdn-purge';

describe('purgeOf', () => {
  it('names an article’s tags and the pages it was and is on', () => {
    const purge = purgeOf([
      { kind: 'news', id: 'a1', oldPaths: ['/news/old', '/news'], newPaths: ['/news/new', '/news'], change: 'updated' },
    ]);
    expect(purge).toEqual({ tags: ['news', 'news-a1'], paths: ['/news/old', '/news', '/news/new'] });
  });

  it('purges every page (site, /*) for the settings, and nothing for a draft or a contact message', () => {
    expect(purgeOf([{ kind: 'settings', id: null, oldPaths: [], newPaths: [], change: 'settings' }])).toEqual({
      tags: ['site'],
      paths: ['/*'],
    });
    expect(purgeOf([{ kind: 'news', id: 'd', oldPaths: [], newPaths: [], change: 'updated' }])).toBeNull();
    expect(purgeOf([{ kind: 'contactus', id: 'm', oldPaths: [], newPaths: [], change: 'deleted' }])).toBeNull();
  });
});

it('purges every page for a public page of the company’s, whose title and address the menus on every page may show (issue #37)', () => {
  const purge = purgeOf([{ kind: 'pages', id: 'p1', oldPaths: ['/about', '/sitemap.xml', '/*'], newPaths: [], change: 'deleted' }]);
  expect(purge).toEqual({ tags: ['site', 'pages', 'page-p1'], paths: ['/about', '/sitemap.xml', '/*'] });
  expect(purgeOf([{ kind: 'pages', id: 'd', oldPaths: [], newPaths: [], change: 'updated' }])).toBeNull();
});

describe('expandPaths', () => {
  const site = { slugs: ['one', 'two'], pages: { '/news': 2, '/services': 1 } };

  it('names each page of a list, one past its last', () => {
    expect(expandPaths(['/news/one', '/news'], site)).toEqual(['/news/one', '/news', '/news?page=1', '/news?page=2', '/news?page=3']);
  });

  it('names every public page for /*', () => {
    const all = expandPaths(['/*'], site);
    expect(all).toEqual(
      expect.arrayContaining([
        '/',
        '/contact',
        '/news/feed.xml',
        '/sitemap.xml',
        '/robots.txt',
        '/news/one',
        '/news/two',
        '/services?page=2',
      ]),
    );
    expect(all).not.toContain('/*');
    expect(expandPaths(['/*'], { ...site, pageSlugs: ['about-us'] })).toContain('/about-us');
  });
});

it('merges purges and cuts lists into runs', () => {
  expect(
    mergePurges([
      { tags: ['a'], paths: ['/'] },
      { tags: ['a', 'b'], paths: ['/x'] },
    ]),
  ).toEqual({ tags: ['a', 'b'], paths: ['/', '/x'] });
  expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
});
