import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas, image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Json = Record<string, unknown> & { '@type': string };

const PUBLIC_URL = 'https://www.cards.example';

/** Decodes the entities React writes in attribute values. */
function decoded(value: string): string {
  return value
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every `<meta property|name="og:…|twitter:…" content>` of a page. */
function cards(res: Response): Record<string, string> {
  const tags = [...res.text.matchAll(/<meta (?:property|name)="((?:og|twitter):[a-z_:]+)" content="([^"]*)"\/>/g)];
  return Object.fromEntries(tags.map(([, key, value]) => [key, decoded(value)]));
}

/** Every JSON-LD block of a page, parsed as a search engine parses it. */
function jsonLd(res: Response): Json[] {
  return [...res.text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(([, text]) => JSON.parse(text) as Json);
}

const ofType = (res: Response, type: string) => jsonLd(res).filter((item) => item['@type'] === type);

// Open Graph, Twitter cards and JSON-LD on the public pages (issue #23), with absolute URLs from PUBLIC_URL.
describe('social cards and structured data', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    admin = (await loggedInAgent(t)).agent;
    const res = await admin
      .patch('/api/settings')
      .send({ maintenance: false, companyName: 'Cards & Co', tagline: 'We make cards', email: 'hi@cards.example', phone: '+1 555 0100' });
    expect(res.status).toBe(200);
  });
  afterAll(() => t?.close());

  /** A visitor; the Host names another site, which PUBLIC_URL overrides in every link. */
  const visit = (path: string) => t.http().get(path).set('Host', 'forged.example');

  async function article(title: string, photo: boolean) {
    const created = await admin.post('/api/news').send({ title, description: `About ${title}`, about: 'Text.' });
    expect(created.status).toBe(201);
    if (!photo) return created.body as { id: string; slug: string; photo: null; createdAt: string; updatedAt: string };
    const uploaded = await admin
      .post(`/api/news/${created.body.id}/upload`)
      .attach('photo', await canvas(1800, 1000).jpeg().toBuffer(), 'p.jpg');
    expect(uploaded.status).toBe(200);
    return uploaded.body as { id: string; slug: string; photo: string; createdAt: string; updatedAt: string };
  }

  it('gives every public page its Open Graph and Twitter card tags, with absolute URLs', async () => {
    for (const [path, title, url] of [
      ['/', 'Cards & Co', `${PUBLIC_URL}/`],
      ['/services', 'Services', `${PUBLIC_URL}/services`],
      ['/news', 'News', `${PUBLIC_URL}/news`],
      ['/contact', 'Contact us', `${PUBLIC_URL}/contact`],
    ]) {
      const res = await visit(path);
      expect(res.status, path).toBe(200);
      expect(cards(res), path).toEqual({
        'og:site_name': 'Cards & Co',
        'og:title': title,
        'og:description': expect.any(String),
        'og:url': url,
        'og:type': 'website',
        'og:image': `${PUBLIC_URL}/logo.svg`,
        'twitter:card': 'summary',
        'twitter:title': title,
        'twitter:description': expect.any(String),
        'twitter:image': `${PUBLIC_URL}/logo.svg`,
      });
      expect(res.text).not.toContain('forged.example');
    }
  });

  it('names the uploaded logo as the image, and the home page an Organization', async () => {
    const { logo } = (await admin.post('/api/settings/logo').attach('photo', await image('png', 100), 'l.png')).body as { logo: string };
    try {
      const res = await visit('/');
      expect(cards(res)['og:image']).toBe(`${PUBLIC_URL}${logo}`);
      expect(jsonLd(res)).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: 'Cards & Co',
          url: `${PUBLIC_URL}/`,
          logo: { '@type': 'ImageObject', url: `${PUBLIC_URL}${logo}` },
          description: 'We make cards',
          email: 'hi@cards.example',
          telephone: '+1 555 0100',
        },
      ]);
    } finally {
      await admin.delete('/api/settings/logo');
    }
  });

  it('describes an article with a photo: og:type article, its 1600 px photo, a NewsArticle and its breadcrumbs', async () => {
    const { slug, photo, createdAt, updatedAt } = await article(unique('Card article '), true);
    const res = await visit(`/news/${slug}`);
    const url = `${PUBLIC_URL}/news/${slug}`;
    expect(cards(res)).toMatchObject({
      'og:type': 'article',
      'og:url': url,
      'og:image': `${PUBLIC_URL}${photo}`,
      'twitter:card': 'summary_large_image',
      'twitter:image': `${PUBLIC_URL}${photo}`,
    });
    const [news] = ofType(res, 'NewsArticle');
    expect(news).toMatchObject({
      '@context': 'https://schema.org',
      headline: expect.stringMatching(/^Card article /),
      image: [`${PUBLIC_URL}${photo}`],
      datePublished: new Date(createdAt).toISOString(),
      dateModified: new Date(updatedAt).toISOString(),
      mainEntityOfPage: url,
      publisher: { '@type': 'Organization', name: 'Cards & Co', logo: { '@type': 'ImageObject', url: `${PUBLIC_URL}/logo.svg` } },
    });
    const [crumbs] = ofType(res, 'BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'News', item: `${PUBLIC_URL}/news` },
      { '@type': 'ListItem', position: 3, name: news.headline, item: url },
    ]);
  });

  it('gives an article without a photo the logo as its image, and a list page its breadcrumbs', async () => {
    const { slug } = await article(unique('No photo '), false);
    const res = await visit(`/news/${slug}`);
    expect(cards(res)['og:image']).toBe(`${PUBLIC_URL}/logo.svg`);
    expect(ofType(res, 'NewsArticle')[0].image).toEqual([`${PUBLIC_URL}/logo.svg`]);
    const services = await visit('/services');
    expect(ofType(services, 'BreadcrumbList')[0].itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Services', item: `${PUBLIC_URL}/services` },
    ]);
  });

  it('escapes </script> and the like in the JSON-LD, which still parses to the title as written', async () => {
    const title = `Break </script><script>alert(1)</script> & <!-- out \u2028 end`;
    const { slug } = await article(title, false);
    const res = await visit(`/news/${slug}`);
    expect(res.status).toBe(200);
    const blocks = [...res.text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => match[1]);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).not.toMatch(/[<>&\u2028]/);
    expect(ofType(res, 'NewsArticle')[0].headline).toBe(title);
    // Nothing but the two JSON-LD blocks and the visitor-count beacon is a script.
    expect(res.text.match(/<script/g)).toHaveLength(3);
    expect(res.text.match(/<script>/g)).toHaveLength(1);
    expect(cards(res)['og:title']).toBe(title);
  });

  it('leaves og:url out of pages that are not meant to be found', async () => {
    const res = await visit('/no/such/page');
    expect(res.status).toBe(404);
    expect(cards(res)['og:url']).toBeUndefined();
    expect(cards(res)['og:title']).toBe('Page not found');
    expect(jsonLd(res)).toEqual([]);
  });
});
