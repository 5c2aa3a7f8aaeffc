import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { News } from '../../server/news/news.entity';
import type { Service } from '../../server/services/service.entity';
import type { SiteSettings } from '../../server/settings/settings.service';
import { ArticlePage } from '../../server/site/pages/article-page';
import { ContactPage, EMPTY_CONTACT } from '../../server/site/pages/contact-page';
import { HomePage } from '../../server/site/pages/home-page';
import type { SiteView } from '../../server/site/pages/layout';
import { NotFoundPage, ProblemPage, ThanksPage } from '../../server/site/pages/message-page';
import { NewsPage } from '../../server/site/pages/news-page';
import { ServicesPage } from '../../server/site/pages/services-page';
import { en, isProblemStatus, type SiteWords } from '../../server/site/words';

/** Every text of a catalog, by its key path (a function's, for a sample value). */
function texts(words: unknown, at = ''): [string, unknown][] {
  if (typeof words === 'function') return [[at, (words as (...args: unknown[]) => unknown)(2, 'Acme')]];
  if (typeof words !== 'object' || words === null) return [[at, words]];
  return Object.entries(words).flatMap(([key, value]) => texts(value, at ? `${at}.${key}` : key));
}

/** English with every text marked «…» (the locale kept, for dates): what a second language looks like to the pages. */
function marked(words: unknown, key = ''): unknown {
  if (key === 'lang' || key === 'dateLocale') return words;
  if (typeof words === 'string') return `«${words}»`;
  if (typeof words === 'function') return (...args: unknown[]) => `«${(words as (...a: unknown[]) => string)(...args)}»`;
  return Object.fromEntries(Object.entries(words as object).map(([k, value]) => [k, marked(value, k)]));
}

describe('the site’s words', () => {
  it('has a text for every key, and every text says something', () => {
    for (const [key, text] of texts(en)) expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
  });

  it('holds a second language to every key English has', () => {
    const { news: _news, ...withoutNews } = en;
    // @ts-expect-error: a language without the news page's words is no SiteWords.
    const partial: SiteWords = withoutNews;
    expect(partial).toBeDefined();
  });

  it('writes the wait before another message in seconds, then whole minutes', () => {
    expect(en.contact.tooMany(1)).toContain('send this one in 1 second:');
    expect(en.contact.tooMany(45)).toContain('in 45 seconds:');
    expect(en.contact.tooMany(60)).toContain('in 1 minute:');
    expect(en.contact.tooMany(430)).toContain('in 8 minutes:');
  });

  it('names a list’s first page plainly and the others by number', () => {
    expect(en.news.title(1)).toBe('News');
    expect(en.news.title(3)).toBe('News, page 3');
    expect(en.services.title(2)).toBe('Services, page 2');
    expect(en.documentTitle('News', 'Acme')).toBe('News – Acme');
  });

  it('has a page of their own for the statuses it has words for', () => {
    expect([400, 403, 405, 413, 500, 503].every(isProblemStatus)).toBe(true);
    expect(isProblemStatus(418)).toBe(false);
    expect(isProblemStatus(404)).toBe(false);
  });
});

const ENGLISH = { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true } as const;

describe('the page components', () => {
  // Every value from the data is marked §, so what is neither § nor « » was written by a component.
  const settings = {
    companyName: '§Acme',
    tagline: '',
    email: '§a@example.com',
    phone: '§+1 555',
    logo: null,
    accentColor: null,
    maintenance: false,
    updatedAt: new Date('2026-01-01'),
  } as unknown as SiteSettings;
  const site = (preview: boolean): SiteView => ({
    settings,
    origin: 'https://site.example',
    preview,
    words: marked(en) as SiteWords,
    counting: false,
    language: ENGLISH,
    languages: [ENGLISH],
  });
  const article = (i: number, status = 'published') =>
    ({
      id: `id-${i}`,
      slug: `article-${i}`,
      title: `§Title ${i}`,
      description: `§Description ${i}`,
      about: `§About ${i}`,
      photo: i === 1 ? `/uploads/${i}.webp` : null,
      photoWidth: 800,
      photoHeight: 600,
      photoAlt: '§alt',
      status,
      publishAt: null,
      createdAt: new Date('2026-02-03T10:00:00Z'),
      updatedAt: new Date('2026-02-04T10:00:00Z'),
    }) as unknown as News;
  const service = { id: 's1', title: '§Service', about: '§What it is' } as unknown as Service;
  const links = { previousPage: 1, nextPage: 3, loopLink: [{ number: 1 }, { number: 2 }, { number: 3 }] };

  const pages = (view: SiteView): [string, ReactElement][] => [
    ['home', createElement(HomePage, { site: view, services: [service], news: [article(1)] })],
    ['services', createElement(ServicesPage, { site: view, services: { data: [service], meta: { page: 2 }, links } as never })],
    ['news', createElement(NewsPage, { site: view, news: { data: [], meta: { page: 2 }, links } as never })],
    ['article', createElement(ArticlePage, { site: view, article: article(1, 'draft') })],
    ['contact', createElement(ContactPage, { site: view, values: EMPTY_CONTACT, errors: { msg: { msg: '§Too long' } } })],
    ['contact, too many', createElement(ContactPage, { site: view, values: EMPTY_CONTACT, retryAfterSeconds: 90 })],
    ['thanks', createElement(ThanksPage, { site: view })],
    ['not found', createElement(NotFoundPage, { site: view })],
    ['405', createElement(ProblemPage, { site: view, status: 405 })],
  ];

  /** What a visitor reads: text, and the labels assistive technology reads out (scripts, styles and dates aside). */
  function readable(html: string): string[] {
    const body = html.replace(/<(script|style|time)\b[^>]*>[\s\S]*?<\/\1>/g, '');
    const text = [...body.matchAll(/>([^<]+)</g)].map((match) => match[1]);
    const labels = [...body.matchAll(/ (?:aria-label|alt|title)="([^"]*)"/g)].map((match) => match[1]);
    return [...text, ...labels].map((value) => value.trim()).filter((value) => value !== '');
  }

  it.each([false, true])('write no words of their own (preview: %s)', (preview) => {
    for (const [name, page] of pages(site(preview))) {
      const own = readable(renderToStaticMarkup(page)).filter((value) => !/[«§]/.test(value) && !/^[\d©\s]+$/.test(value));
      expect(own, name).toEqual([]);
    }
  });
});
