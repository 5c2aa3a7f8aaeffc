import { NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import type { PageRoute } from '../../server/site/site-pages.service';
import {
  allowedMethods,
  listPage,
  RESERVED_SEGMENTS,
  routeOf,
  routerPaths,
  SITE_ROUTES,
  type SiteRoute,
  type SiteServices,
} from '../../server/site/site-routes';
import type { Visit } from '../../server/site/site-reply';

/** The path as Express matches it: a `:param` takes one segment. */
const matcher = (path: string) => new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`);

const route = (path: string): SiteRoute => {
  const found = SITE_ROUTES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

/** A request as Express hands it to the route it matched. */
const request = (path: string, extra: Partial<Request> = {}) =>
  ({ route: { path }, params: {}, query: {}, ...extra }) as unknown as Request;

function services() {
  const page = (key: string): PageRoute => ({ key, render: () => Promise.resolve(null) });
  const fixed = Object.fromEntries(
    ['/', '/news/feed.xml', '/contact', '/contact/thanks', '/sitemap.xml', '/robots.txt'].map((p) => [p, page(p)]),
  );
  const site = {
    pages: {
      fixed,
      list: vi.fn((path: string, n: number) => page(`${path}?${n}`)),
      article: vi.fn((id: string) => page(id)),
      // The menus (issue #37): the view as SitePages completes it.
      withMenusView: vi.fn((view: object) =>
        Promise.resolve({ ...view, menus: { header: [], footer: [], privacy: null, legalNotice: null } }),
      ),
    },
    contactForm: { post: vi.fn(() => Promise.resolve()) },
  };
  return { site, services: site as unknown as SiteServices };
}

describe('the public site’s route table', () => {
  it('lists each path once', () => {
    const paths = SITE_ROUTES.map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/', '/services', '/news', '/news/feed.xml', '/news/:id', '/contact', '/sitemap.xml']));
  });

  it('puts no path after a pattern that would take it (Express tries the routes in turn)', () => {
    SITE_ROUTES.forEach((later, j) => {
      for (const earlier of SITE_ROUTES.slice(0, j))
        expect(matcher(earlier.path).test(later.path), `${earlier.path} takes ${later.path}`).toBe(false);
    });
    // The order matters: the articles' pattern would take the feed.
    expect(matcher('/news/:id').test('/news/feed.xml')).toBe(true);
  });

  it('gives Express the same paths for GET and for the 405, and the form’s path alone for POST', () => {
    expect(routerPaths('GET')).toEqual(SITE_ROUTES.map(({ path }) => path));
    expect(routerPaths('ALL')).toEqual(routerPaths('GET'));
    expect(routerPaths('POST')).toEqual(['/contact']);
  });

  it('allows GET and HEAD on every page, and POST too on the contact form', () => {
    expect(allowedMethods(route('/news'))).toBe('GET, HEAD');
    expect(allowedMethods(route('/news/:id'))).toBe('GET, HEAD');
    expect(allowedMethods(route('/contact'))).toBe('GET, HEAD, POST');
  });

  it('finds the route a request matched by its path, and refuses one it does not know', () => {
    expect(routeOf(request('/news/:id'))).toBe(route('/news/:id'));
    expect(() => routeOf(request('/nowhere'))).toThrow('No site route for /nowhere');
  });

  it('asks SitePages for the page each route names', () => {
    const { site, services: s } = services();
    expect(route('/').get(s, request('/'))?.key).toBe('/');
    expect(route('/news/feed.xml').get(s, request('/news/feed.xml'))?.key).toBe('/news/feed.xml');
    expect(route('/news/:id').get(s, request('/news/:id', { params: { id: 'first-light' } }))?.key).toBe('first-light');
    expect(site.pages.article).toHaveBeenCalledWith('first-light');
    expect(route('/news').get(s, request('/news', { query: { page: '3' } }))?.key).toBe('/news?3');
    expect(route('/services').get(s, request('/services'))?.key).toBe('/services?1');
  });

  it('hands the contact form’s post to ContactForm, its view with the menus (its answers are pages too)', async () => {
    const { site, services: s } = services();
    const req = request('/contact');
    const res = {} as Response;
    const visit = { view: { preview: false }, version: 1, cdnMaxAge: null } as unknown as Visit;
    await route('/contact').post!(s, req, res, visit);
    expect(site.contactForm.post).toHaveBeenCalledWith(req, res, {
      ...visit,
      view: { preview: false, menus: { header: [], footer: [], privacy: null, legalNotice: null } },
    });
  });

  it('answers a list page that is no page with not found, never a 400', () => {
    expect(listPage(undefined)).toBe(1);
    expect(listPage('12')).toBe(12);
    for (const value of ['0', 'abc', '', ['1', '2'], '1e3']) expect(() => listPage(value)).toThrow(NotFoundException);
  });

  it('reserves the first segments of its routes and of the folders outside the site', () => {
    expect([...RESERVED_SEGMENTS].sort()).toEqual(
      ['admin', 'api', 'assets', 'contact', 'metrics', 'news', 'robots.txt', 'services', 'sitemap.xml', 'uploads'].sort(),
    );
  });
});
