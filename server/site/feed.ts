import { renderMarkdown } from '../common/markdown';
import type { News } from '../news/news.entity';
import type { SiteLanguage } from '../settings/settings.service';
import { pathIn } from './site-languages';
import { SITE_PATHS } from './site-paths';
import { xml } from './sitemap';

/** How many articles the feed carries: the newest published ones. */
export const FEED_ARTICLES = 20;

const iso = (at: Date) => new Date(at).toISOString();

/**
 * The news as an Atom feed (RFC 4287), every link absolute on `origin`. An entry's id is the
 * article's UUID as a URN, so a reader keeps it as one entry when the address (slug) changes. The
 * feed's `updated` is the newest entry's; with no entry, when the settings last changed.
 */
export function atomFeed(
  origin: string,
  companyName: string,
  title: string,
  articles: News[],
  settingsUpdatedAt: Date,
  language?: SiteLanguage,
): string {
  // In a language other than the default (issue #41), every link is under its prefix, and the feed says its language.
  const at = (path: string) => origin + (language ? pathIn(language, path) : path);
  const updated = articles.reduce((latest, article) => Math.max(latest, new Date(article.updatedAt).getTime()), 0);
  const entries = articles.map((article) =>
    [
      '<entry>',
      `<id>urn:uuid:${article.id}</id>`,
      `<title>${xml(article.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${xml(at(SITE_PATHS.article(article.slug)))}"/>`,
      `<published>${iso(article.publishAt ?? article.createdAt)}</published>`,
      `<updated>${iso(article.updatedAt)}</updated>`,
      `<summary>${xml(article.description)}</summary>`,
      `<content type="html">${xml(renderMarkdown(article.about))}</content>`,
      '</entry>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    language && !language.default
      ? `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(language.code)}">`
      : '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xml(at(SITE_PATHS.news))}</id>`,
    `<title>${xml(title)}</title>`,
    `<updated>${iso(updated > 0 ? new Date(updated) : settingsUpdatedAt)}</updated>`,
    `<author><name>${xml(companyName)}</name></author>`,
    `<link rel="self" type="application/atom+xml" href="${xml(at(SITE_PATHS.feed))}"/>`,
    `<link rel="alternate" type="text/html" href="${xml(at(SITE_PATHS.news))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
