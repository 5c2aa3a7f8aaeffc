import type { ReactNode } from 'react';
import type { SiteLanguage, SiteSettings } from '../../settings/settings.service';
import { BEACON_SCRIPT, COLLECT_GIF_PATH as COLLECT_GIF, collectGifUrl } from '../../http/visitor-beacon';
import { SITE_PATHS } from '../site-paths';
import { pathIn } from '../site-languages';
import { logoPath, type PageLanguage } from '../structured-data';
import type { SiteWords } from '../words';
import { Head } from './head';

/** What every page knows besides its own content. */
export interface SiteView {
  settings: SiteSettings;
  /** The public origin for absolute links: PUBLIC_URL, never the request's Host. */
  origin: string;
  /**
   * A signed-in administrator previewing the site at its own address (`/admin/preview/…`, issue
   * #42): drafts, schedules and unpublished changes, the banner, the links kept inside the preview.
   */
  preview: boolean;
  /** The texts the pages are written in (words.ts). */
  words: SiteWords;
  /** The page carries the visitor-count beacon: ANALYTICS=on, and not a preview (an administrator's views are not counted). */
  counting: boolean;
  /** The language the page is written in (issue #41): the default one, or the one its address's prefix names. */
  language: SiteLanguage;
  /** The site's enabled languages, the default first: with one, no switcher and no hreflang (the site as it was). */
  languages: readonly SiteLanguage[];
  /**
   * The menus and the law's links as the site shows them (SitePages.withMenus, issue #37): only
   * items a visitor may follow, their hrefs in the page's language. Absent (an error page made
   * without the database): today's links.
   */
  menus?: SiteMenus;
}

/** A link of a menu, ready to write. */
export interface MenuLink {
  label: string;
  href: string;
}

export interface SiteMenus {
  header: MenuLink[];
  footer: MenuLink[];
  /** The privacy policy (Settings), while it is published; also beside the contact form's Send button. */
  privacy: MenuLink | null;
  legalNotice: MenuLink | null;
}

/** One language's version of a page: its site path without the language's prefix (`/news/<its slug>`). */
export interface Alternate {
  lang: string;
  path: string;
}

export type Section = 'home' | 'services' | 'news' | 'contact';

export interface PageMeta {
  /** The page's own title; the company's name follows it in the tab (the home page has the name alone). */
  title: string | null;
  description: string;
  /** The page's path, for its canonical link; none on pages not meant to be found (errors, thanks). */
  canonical?: string;
  /** Asks search engines to leave the page out (the thank-you page). */
  noindex?: boolean;
  /** The navigation entry the page belongs to. */
  section?: Section;
  /** A page of its own at the top level (one of the company's pages): its breadcrumb trail is the home page, then it. */
  standalone?: boolean;
  /** Open Graph's type: `website` unless said (an article is `article`). */
  type?: 'website' | 'article';
  /** The path of the page's image for social cards (an article's largest photo); else the logo. */
  image?: string | null;
  imageAlt?: string | null;
  /** JSON-LD objects of the page's own (Organization, NewsArticle); the breadcrumb trail is added by the head. */
  structuredData?: Record<string, unknown>[];
  /**
   * The page in each language it is published in (its own among them), for hreflang and the
   * switcher. Left out: a page with a canonical path is in every language at that path; one
   * without (an error, page 2 of a list) names none.
   */
  alternates?: Alternate[];
}

/** A site path in the page's language (`/de/news`); the default language's paths are as they were. */
export function sitePath(site: SiteView, path: string): string {
  return pathIn(site.language, path);
}

/** The page's language as the JSON-LD writes it: its paths' prefix and its code (`inLanguage`). */
export function pageLanguage(site: SiteView): PageLanguage {
  return { prefix: site.language.default ? '' : `/${site.language.code}`, code: site.language.code };
}

/** The page's versions in the site's languages, in the settings' order (none with one language). */
export function alternatesOf(site: SiteView, meta: PageMeta): Alternate[] {
  if (site.languages.length < 2 || meta.noindex) return [];
  const versions =
    meta.alternates ??
    (meta.canonical === undefined ? [] : site.languages.map((language) => ({ lang: language.code, path: meta.canonical! })));
  return site.languages.flatMap((language) => versions.filter((version) => version.lang === language.code));
}

/** The main navigation, in order: each section's own page (its name is the words' `nav`). */
export const SECTION_PATHS: Record<Section, string> = {
  home: SITE_PATHS.home,
  services: SITE_PATHS.services,
  news: SITE_PATHS.news,
  contact: SITE_PATHS.contact,
};

/** The header's links when no menu was read (an error page): the sections, as before menus could be edited. */
export function defaultHeader(words: SiteWords): MenuLink[] {
  return (Object.entries(SECTION_PATHS) as [Section, string][]).map(([section, href]) => ({ label: words.nav[section], href }));
}

/** The tab's title: the page's and the company's name, or the company's alone. */
export function documentTitle(words: SiteWords, title: string | null, companyName: string): string {
  return title === null ? companyName : words.documentTitle(title, companyName);
}

/** The document around every page: head (head.tsx), header (with the company's logo), footer. */
export function Layout({ site, meta, children }: { site: SiteView; meta: PageMeta; children: ReactNode }) {
  const { companyName, email, phone } = site.settings;
  const { words } = site;
  // The page a link leads to is "the current page"; a section's link is "current" on a page inside it (an article).
  // The menus' hrefs are in the page's language (`/de/news`), as the canonical path is not.
  const current = (href: string) =>
    meta.canonical !== undefined && sitePath(site, meta.canonical.split('?')[0]) === href
      ? 'page'
      : meta.section && sitePath(site, SECTION_PATHS[meta.section]) === href
        ? 'true'
        : undefined;
  const header = site.menus?.header ?? defaultHeader(words).map((link) => ({ ...link, href: sitePath(site, link.href) }));
  const footer = site.menus
    ? [...site.menus.footer, ...[site.menus.privacy, site.menus.legalNotice].filter((link): link is MenuLink => link !== null)]
    : [];
  return (
    <html lang={words.lang} dir={site.languages.length > 1 || site.language.dir === 'rtl' ? site.language.dir : undefined}>
      <Head site={site} meta={meta} />
      <body>
        <a className="skip" href="#main">
          {words.skipToContent}
        </a>
        {site.preview && (
          <aside className="preview" aria-label={words.preview.label}>
            <p className="wrap">
              <strong>{words.preview.heading}</strong>{' '}
              {site.settings.maintenance ? (
                <>
                  {words.preview.text} <a href="/admin/settings">{words.preview.back}</a>
                </>
              ) : (
                <>
                  {words.preview.live} <a href="/admin">{words.preview.panel}</a>
                </>
              )}
            </p>
          </aside>
        )}
        <header className="site-header">
          <div className="wrap">
            <a className="brand" href={sitePath(site, SITE_PATHS.home)}>
              <img src={logoPath(site.settings)} alt="" width={36} height={36} />
              <span>{companyName}</span>
            </a>
            <nav className="nav" aria-label={words.nav.label}>
              <ul>
                {header.map(({ label, href }, index) => (
                  <li key={index}>
                    <a href={href} aria-current={current(href)}>
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <LanguageSwitcher site={site} meta={meta} />
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <div className="wrap">
            <p>
              <strong>{companyName}</strong>
              <br />© {new Date().getUTCFullYear()}
            </p>
            {(email !== '' || phone !== '') && (
              <ul aria-label={words.contactDetails}>
                {email !== '' && (
                  <li>
                    <a href={`mailto:${email}`}>{email}</a>
                  </li>
                )}
                {phone !== '' && (
                  <li>
                    <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
                  </li>
                )}
              </ul>
            )}
            {footer.length > 0 && (
              <nav aria-label={words.footerNav}>
                <ul>
                  {footer.map(({ label, href }, index) => (
                    <li key={index}>
                      <a href={href} aria-current={current(href)}>
                        {label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        </footer>
        {site.counting && <VisitorBeacon path={meta.canonical === undefined ? undefined : sitePath(site, meta.canonical)} />}
      </body>
    </html>
  );
}

/**
 * The visitor count (server/http/visitor-beacon.ts): the script, the same on every page and
 * allowed by its hash; without script, an image that counts the page's path (a page without a
 * canonical path, an error, is counted by the image's Referer, which `same-origin` lets through).
 */
function VisitorBeacon({ path }: { path: string | undefined }) {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: BEACON_SCRIPT }} />
      <noscript>
        <img src={path === undefined ? COLLECT_GIF : collectGifUrl(path)} alt="" width={1} height={1} />
      </noscript>
    </>
  );
}

/**
 * The languages, each named in itself and leading to this page in it, or to its home page where
 * the page has no version in that language (issue #41). None on a site of one language.
 */
function LanguageSwitcher({ site, meta }: { site: SiteView; meta: PageMeta }) {
  if (site.languages.length < 2) return null;
  const versions = alternatesOf(site, meta);
  return (
    <nav className="languages" aria-label={site.words.languages}>
      <ul>
        {site.languages.map((language) => {
          const own = language.code === site.language.code;
          const version = versions.find((candidate) => candidate.lang === language.code);
          return (
            <li key={language.code}>
              <a
                href={pathIn(language, version?.path ?? SITE_PATHS.home)}
                hrefLang={language.code}
                lang={language.code}
                dir={language.dir}
                aria-current={own ? 'true' : undefined}
              >
                {language.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
