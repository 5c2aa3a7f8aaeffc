import type { News } from '../news/news.entity';
import type { Page } from '../pages/page.entity';
import type { SiteSettings } from '../settings/settings.service';
import { SITE_PATHS } from './site-paths';

/*
 * What the public pages tell machines: schema.org JSON-LD (Organization, NewsArticle,
 * BreadcrumbList) and the image social cards show. Every URL is absolute, from the origin the
 * page is written for (PUBLIC_URL, never the request's Host).
 */

type Json = Record<string, unknown>;

/** The product's own logo, when the company has uploaded none. */
export const DEFAULT_LOGO = '/logo.svg';

/** The logo's path: the uploaded one, else the product's. */
export function logoPath(settings: SiteSettings): string {
  return settings.logo ?? DEFAULT_LOGO;
}

/** The text of a `<script type="application/ld+json">`: JSON in which `<`, `>`, `&` and the line separators are escaped, so no value can end the script. */
export function jsonLdText(data: Json): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The language a page is in (issue #41): its paths' prefix (`/de`, or '' for the default
 * language) and its code, which `inLanguage` names.
 */
export interface PageLanguage {
  prefix: string;
  code: string;
}

const DEFAULT_LANGUAGE: PageLanguage = { prefix: '', code: 'en' };

function company(settings: SiteSettings, origin: string, { prefix }: PageLanguage = DEFAULT_LANGUAGE): Json {
  return {
    '@type': 'Organization',
    name: settings.companyName,
    url: `${origin}${prefix}${SITE_PATHS.home}`,
    logo: { '@type': 'ImageObject', url: `${origin}${logoPath(settings)}` },
  };
}

/** The home page's: the company, with its contact details. */
export function organization(settings: SiteSettings, origin: string, language: PageLanguage = DEFAULT_LANGUAGE): Json {
  return {
    '@context': 'https://schema.org',
    ...company(settings, origin, language),
    ...(settings.tagline ? { description: settings.tagline } : {}),
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
  };
}

/** An article's: headline, image (its largest photo, else the logo), dates, and the company as author and publisher. */
export function newsArticle(
  article: News,
  settings: SiteSettings,
  origin: string,
  published: Date,
  language: PageLanguage = DEFAULT_LANGUAGE,
): Json {
  const url = `${origin}${language.prefix}${SITE_PATHS.article(article.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    inLanguage: language.code,
    headline: article.title,
    description: article.description,
    image: [`${origin}${article.photo ?? logoPath(settings)}`],
    datePublished: new Date(published).toISOString(),
    dateModified: new Date(article.updatedAt).toISOString(),
    mainEntityOfPage: url,
    url,
    author: company(settings, origin, language),
    publisher: company(settings, origin, language),
  };
}

/** One of the company's pages (issue #37): a WebPage of the company's site; its BreadcrumbList is the head's. */
export function webPage(page: Page, settings: SiteSettings, origin: string, language: PageLanguage = DEFAULT_LANGUAGE): Json {
  const url = `${origin}${language.prefix}${SITE_PATHS.page(page.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    inLanguage: language.code,
    name: page.title,
    description: page.description,
    url,
    ...(page.photo ? { primaryImageOfPage: { '@type': 'ImageObject', url: `${origin}${page.photo}` } } : {}),
    dateModified: new Date(page.updatedAt).toISOString(),
    isPartOf: { '@type': 'WebSite', name: settings.companyName, url: `${origin}${language.prefix}${SITE_PATHS.home}` },
    publisher: company(settings, origin, language),
  };
}

/** The trail from the home page to this one: `[name, path]` pairs, the home page first. */
export function breadcrumbList(trail: [name: string, path: string][], origin: string): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: `${origin}${path}` })),
  };
}
