import { Inject, Injectable } from '@nestjs/common';
import { createElement } from 'react';
import { isUuid } from '../common/by-id-or-404';
import { isDatabaseUnavailable } from '../database/database-health';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { memoryFile } from '../http/static-assets';
import { NewsService } from '../news/news.service';
import { PagesService } from '../pages/pages.service';
import { SettingsService } from '../settings/settings.service';
import { SLUG_PATTERN } from '../common/slug';
import { ServicesService } from '../services/services.service';
import type { BuiltPage } from './page-cache.service';
import { ArticlePage } from './pages/article-page';
import { ContactPage, EMPTY_CONTACT } from './pages/contact-page';
import { HomePage } from './pages/home-page';
import type { Alternate, MenuLink, SiteMenus, SiteView } from './pages/layout';
import { ContentPage } from './pages/content-page';
import { RESERVED_SEGMENTS } from './site-routes';
import { NotFoundPage, ThanksPage } from './pages/message-page';
import { NewsPage } from './pages/news-page';
import { ServicesPage } from './pages/services-page';
import { html, movedPermanently } from './site-reply';
import { CACHE_TAGS, SITE_PATHS, pagePath } from './site-paths';
import { atomFeed, FEED_ARTICLES } from './feed';
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap';
import { TranslationsService } from '../translations/translations.service';
import { pathIn, prefixOf } from './site-languages';

/** The page's language as the services ask for it: null for the default. */
const langOf = (view: SiteView) => prefixOf(view.language);

/** How many services and articles the home page shows. */
const HOME_SERVICES = 6;
const HOME_NEWS = 3;
/** The sitemap stays under the protocol's 50,000 URLs: the newest articles, and the news pages they fill. */
const SITEMAP_ARTICLES = 40_000;
const SITEMAP_NEWS_PAGES = 5_000;

/** A page the router knows how to make: its cache key (what it shows), and how to render it (null: not found). */
export interface PageRoute {
  key: string;
  render: (view: SiteView) => Promise<BuiltPage | null>;
}

/** A page without parameters: its path is its key. */
function fixed(path: string, render: (view: SiteView) => BuiltPage | null | Promise<BuiltPage | null>): PageRoute {
  return { key: path, render: async (view) => render(view) };
}

/** The public pages, each rendered from the services' data (never cached here: see PageCache). */
@Injectable()
export class SitePages {
  constructor(
    private readonly news: NewsService,
    private readonly services: ServicesService,
    private readonly pages: PagesService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly translations: TranslationsService,
  ) {}

  /**
   * The route, rendered with the menus and the law's links (issue #37) read as it renders: a page
   * is rendered on a cache miss only, and every change to a menu, a page or the settings clears
   * the cache, so no page keeps a link the site no longer shows.
   */
  withMenus(route: PageRoute): PageRoute {
    return { key: route.key, render: async (view) => route.render(await this.withMenusView(view)) };
  }

  /**
   * The view with its menus: only items a visitor may follow (a page that is a draft, scheduled, in
   * the trash or gone is left out). In another language (issue #41) a menu's page leads to its
   * translation there, or to that language's home page when it has none; the law's links to their
   * translation, else to the page in the default language (the law wants it reachable).
   */
  async withMenusView(view: SiteView): Promise<SiteView> {
    const { privacyPage, legalNoticePage } = view.settings;
    const lang = langOf(view);
    let navigation: Awaited<ReturnType<SettingsService['navigation']>>;
    let law: Awaited<ReturnType<PagesService['links']>>;
    let translated: Awaited<ReturnType<PagesService['linksIn']>> = new Map();
    // The menus' labels in the page's language (Settings → Languages), the default one where it has none.
    let labels: Record<string, { label: string }> | undefined;
    try {
      [navigation, law] = await Promise.all([
        this.settings.navigation(),
        this.pages.links([privacyPage, legalNoticePage].filter((id): id is string => id !== null)),
      ]);
      if (lang !== null) {
        const menuPages = [...navigation.header, ...navigation.footer].flatMap(({ target }) => (target.kind === 'page' ? [target.id] : []));
        const linked = menuPages.length === 0 ? law : new Map([...law, ...(await this.pages.links(menuPages))]);
        translated = await this.pages.linksIn(lang, linked);
      }
      labels = view.language.default ? undefined : (await this.settings.current()).translations[view.language.code]?.menuLabels;
    } catch (error) {
      // Without the database a page that needs none (the 404 page) still shows, with today's links.
      if (isDatabaseUnavailable(error)) return view;
      throw error;
    }
    // The sections and the pages in the page's language (`/de/news`, `/de/<its slug>`).
    const sections: Record<string, string> = {
      home: pathIn(view.language, SITE_PATHS.home),
      services: pathIn(view.language, SITE_PATHS.services),
      news: pathIn(view.language, SITE_PATHS.news),
      contact: pathIn(view.language, SITE_PATHS.contact),
    };
    const pageHref = (id: string, slug: string): string => {
      if (lang === null) return SITE_PATHS.page(slug);
      const translation = translated.get(id.toLowerCase());
      return translation ? pathIn(view.language, SITE_PATHS.page(translation.slug)) : sections.home;
    };
    const links = (items: typeof navigation.header): MenuLink[] =>
      items.flatMap(({ id, label: defaultLabel, target, available, page }) => {
        const label = labels?.[id]?.label || defaultLabel;
        if (!available) return [];
        if (target.kind === 'page') return page?.slug ? [{ label, href: pageHref(target.id, page.slug) }] : [];
        if (target.kind === 'url') return [{ label, href: target.url }];
        return [{ label, href: sections[target.kind] }];
      });
    const lawLink = (id: string | null): MenuLink | null => {
      const page = id === null ? undefined : law.get(id.toLowerCase());
      if (!page?.available) return null;
      const translation = translated.get(page.id);
      return translation
        ? { label: translation.title, href: pathIn(view.language, SITE_PATHS.page(translation.slug)) }
        : { label: page.title, href: SITE_PATHS.page(page.slug) };
    };
    const menus: SiteMenus = {
      header: links(navigation.header),
      footer: links(navigation.footer),
      privacy: lawLink(privacyPage),
      legalNotice: lawLink(legalNoticePage),
    };
    return { ...view, menus };
  }

  /** The routes of the pages that take no parameter. */
  readonly fixed: Record<string, PageRoute> = {
    [SITE_PATHS.home]: fixed(SITE_PATHS.home, (view) => this.home(view)),
    [SITE_PATHS.contact]: fixed(SITE_PATHS.contact, (view) => html(createElement(ContactPage, { site: view, values: EMPTY_CONTACT }))),
    [SITE_PATHS.thanks]: fixed(SITE_PATHS.thanks, (view) => html(createElement(ThanksPage, { site: view }))),
    // One sitemap and one robots.txt for the site, at its root: every language's addresses are in it.
    [SITE_PATHS.sitemap]: fixed(SITE_PATHS.sitemap, (view) => (langOf(view) === null ? this.sitemap(view) : null)),
    // A fixed route, so the router declares it before `/news/:slug`.
    [SITE_PATHS.feed]: fixed(SITE_PATHS.feed, (view) => this.feed(view)),
    [SITE_PATHS.robots]: fixed(SITE_PATHS.robots, (view) =>
      langOf(view) === null ? { file: memoryFile('text/plain; charset=utf-8', robotsTxt(view.origin)), status: 200 } : null,
    ),
  };

  readonly notFound: PageRoute = fixed('404', (view) => html(createElement(NotFoundPage, { site: view }), 404));

  /** Page `page` of the services or the news: one past the end is not found. */
  list(path: typeof SITE_PATHS.services | typeof SITE_PATHS.news, page: number): PageRoute {
    const render = (view: SiteView) => (path === SITE_PATHS.services ? this.servicesPage(view, page) : this.newsPage(view, page));
    return { key: pagePath(path, page), render };
  }

  /**
   * `/news/<slug>`; a UUID or an earlier slug answers 301 to the current address. Anything that
   * cannot be a slug or a UUID is not found without asking the database.
   */
  article(raw: string): PageRoute | null {
    const key = isUuid(raw) ? raw.toLowerCase() : raw;
    if (!isUuid(key) && !SLUG_PATTERN.test(key)) return null;
    return { key: SITE_PATHS.article(key), render: (view) => this.articlePage(view, key) };
  }

  /**
   * `/<slug>`, one of the company's pages (issue #37); an earlier slug answers 301 to the current
   * address. A reserved first segment (a route of the site's, or the app's) or anything that
   * cannot be a slug is not found without asking the database.
   */
  page(slug: string): PageRoute | null {
    if (!SLUG_PATTERN.test(slug) || RESERVED_SEGMENTS.has(slug)) return null;
    return { key: SITE_PATHS.page(slug), render: (view) => this.contentPage(view, slug) };
  }

  /**
   * A page, or the redirect to its address; an unknown one, one in the trash, a draft and one not
   * yet due are not found (a preview shows the last two, marked). In another language (issue #41)
   * the page whose translation there has this address: an untranslated page is not found there.
   */
  private async contentPage(view: SiteView, slug: string): Promise<BuiltPage | null> {
    const lang = langOf(view);
    const found = lang === null ? await this.pages.findPublic(slug, view.preview) : await this.pages.findPublicIn(lang, slug, view.preview);
    if (!found) return null;
    if ('movedTo' in found) return movedPermanently(SITE_PATHS.page(found.movedTo));
    // The administrator's preview shows the working copy, if any (of the default language's text); a visitor never does.
    const draft = view.preview && lang === null ? await this.pages.workingCopy(found.page) : null;
    const alternates = await this.pageVersions(view, found.page.id, slug);
    return {
      ...html(createElement(ContentPage, { site: view, page: draft ?? found.page, workingCopy: draft !== null, alternates })),
      tags: [CACHE_TAGS.page(found.page.id)],
    };
  }

  /** A page's addresses in the site's languages: the default's, and each published translation's (issue #41). */
  private async pageVersions(view: SiteView, id: string, ownSlug: string): Promise<Alternate[]> {
    if (view.languages.length < 2) return [];
    const [links, published] = await Promise.all([this.pages.links([id]), this.translations.published('pages', [id])]);
    const own = links.get(id);
    const translations = published.get(id) ?? [];
    const versions = [
      ...(own?.available ? [{ lang: view.languages[0].code, path: SITE_PATHS.page(own.slug) }] : []),
      ...translations.map(({ lang, slug }) => ({ lang, path: SITE_PATHS.page(slug!) })),
    ];
    // A preview of a version not public yet still names itself.
    return versions.some((version) => version.lang === view.language.code)
      ? versions
      : [...versions, { lang: view.language.code, path: SITE_PATHS.page(ownSlug) }];
  }

  private async home(view: SiteView): Promise<BuiltPage> {
    const lang = langOf(view);
    const [services, news] = await Promise.all([this.services.listPublic(1, lang), this.news.listPublic(1, lang)]);
    return html(
      createElement(HomePage, { site: view, services: services.data.slice(0, HOME_SERVICES), news: news.data.slice(0, HOME_NEWS) }),
    );
  }

  private async servicesPage(view: SiteView, page: number): Promise<BuiltPage | null> {
    const services = await this.services.listPublic(page, langOf(view));
    if (services.data.length === 0 && page > 1) return null;
    return html(createElement(ServicesPage, { site: view, services }));
  }

  private async newsPage(view: SiteView, page: number): Promise<BuiltPage | null> {
    const news = await this.news.listPublic(page, langOf(view));
    if (news.data.length === 0 && page > 1) return null;
    return html(createElement(NewsPage, { site: view, news }));
  }

  /**
   * An article, or the redirect to its current address; an unknown one, one in the trash, a draft
   * and one not yet due are not found (an administrator's preview shows the last two, marked).
   */
  private async articlePage(view: SiteView, key: string): Promise<BuiltPage | null> {
    const lang = langOf(view);
    const found = lang === null ? await this.news.findPublic(key, view.preview) : await this.news.findPublicIn(lang, key, view.preview);
    if (!found) return null;
    if ('movedTo' in found) return movedPermanently(pathIn(view.language, SITE_PATHS.article(found.movedTo)));
    // The administrator's preview shows the working copy, if any (of the default language's text); a visitor never does.
    const draft = view.preview && lang === null ? await this.news.workingCopy(found.article) : null;
    const alternates = await this.articleVersions(view, found.article.id, key);
    return {
      ...html(createElement(ArticlePage, { site: view, article: draft ?? found.article, workingCopy: draft !== null, alternates })),
      tags: [CACHE_TAGS.article(found.article.id)],
    };
  }

  /** An article's addresses in the site's languages: the default's, and each published translation's (issue #41). */
  private async articleVersions(view: SiteView, id: string, ownSlug: string): Promise<Alternate[]> {
    if (view.languages.length < 2) return [];
    const [defaultVersion] = await this.news.listPublicAddresses([id]);
    const translations = (await this.translations.published('news', [id])).get(id) ?? [];
    const versions = [
      ...(defaultVersion ? [{ lang: view.languages[0].code, path: SITE_PATHS.article(defaultVersion.slug) }] : []),
      ...translations.map(({ lang, slug }) => ({ lang, path: SITE_PATHS.article(slug!) })),
    ];
    // A preview of a version not public yet still names itself.
    return versions.some((version) => version.lang === view.language.code)
      ? versions
      : [...versions, { lang: view.language.code, path: SITE_PATHS.article(ownSlug) }];
  }

  private async feed(view: SiteView): Promise<BuiltPage> {
    const articles = await this.news.latestPublic(FEED_ARTICLES, langOf(view));
    const { companyName, updatedAt } = view.settings;
    const body = atomFeed(view.origin, companyName, view.words.feedTitle(companyName), articles, updatedAt, view.language);
    return { file: memoryFile('application/atom+xml; charset=utf-8', body), status: 200 };
  }

  private async sitemap(view: SiteView): Promise<BuiltPage> {
    const [articles, pages] = await Promise.all([this.news.listForSitemap(SITEMAP_ARTICLES), this.pages.listForSitemap()]);
    const newsPages = Math.min(SITEMAP_NEWS_PAGES, Math.max(1, Math.ceil(articles.length / this.config.pageSize)));
    const entries: SitemapEntry[] = [
      { path: SITE_PATHS.home },
      { path: SITE_PATHS.services },
      ...Array.from({ length: newsPages }, (_, i) => ({ path: pagePath(SITE_PATHS.news, i + 1) })),
      ...articles.map((article) => ({ path: SITE_PATHS.article(article.slug), lastModified: article.updatedAt })),
      { path: SITE_PATHS.contact },
      ...pages.map((page) => ({ path: SITE_PATHS.page(page.slug), lastModified: page.updatedAt })),
    ];
    const others = view.languages.slice(1);
    if (others.length === 0) return { file: memoryFile('application/xml; charset=utf-8', sitemapXml(view.origin, entries)), status: 200 };
    // Several languages (issue #41): every language's version of each page, each listing all of them
    // (xhtml:link), as its page's hreflang does. The lists' later pages stand alone.
    const [translated, translatedPages] = await Promise.all([
      this.translations.published(
        'news',
        articles.map((article) => article.id),
      ),
      this.translations.published(
        'pages',
        pages.map((page) => page.id),
      ),
    ]);
    const enabled = ({ lang }: { lang: string }) => others.some((language) => language.code === lang);
    const everywhere = (path: string): Alternate[] => view.languages.map((language) => ({ lang: language.code, path }));
    const versions: { alternates: Alternate[]; lastModified?: Date }[] = [
      ...[SITE_PATHS.home, SITE_PATHS.services, SITE_PATHS.news, SITE_PATHS.contact].map((path) => ({ alternates: everywhere(path) })),
      ...articles.map((article) => ({
        lastModified: article.updatedAt,
        alternates: [
          { lang: view.languages[0].code, path: SITE_PATHS.article(article.slug) },
          ...(translated.get(article.id) ?? []).filter(enabled).map(({ lang, slug }) => ({ lang, path: SITE_PATHS.article(slug!) })),
        ],
      })),
      ...pages.map((page) => ({
        lastModified: page.updatedAt,
        alternates: [
          { lang: view.languages[0].code, path: SITE_PATHS.page(page.slug) },
          ...(translatedPages.get(page.id) ?? []).filter(enabled).map(({ lang, slug }) => ({ lang, path: SITE_PATHS.page(slug!) })),
        ],
      })),
    ];
    const absolute = ({ lang, path }: Alternate) =>
      pathIn(
        view.languages.find((language) => language.code === lang)!,
        path,
      );
    const multilingual: SitemapEntry[] = [
      ...versions.flatMap(({ alternates, lastModified }) =>
        alternates.map((version) => ({
          path: absolute(version),
          lastModified,
          alternates: [
            ...alternates.map((alternate) => ({ lang: alternate.lang, path: absolute(alternate) })),
            { lang: 'x-default', path: absolute(alternates[0]) },
          ],
        })),
      ),
      ...Array.from({ length: newsPages - 1 }, (_, i) => ({ path: pagePath(SITE_PATHS.news, i + 2) })),
    ];
    return { file: memoryFile('application/xml; charset=utf-8', sitemapXml(view.origin, multilingual)), status: 200 };
  }
}
