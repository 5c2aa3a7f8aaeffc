import { SITE_PATHS } from '../site-paths';
import { accentCss, SITE_CSS } from '../site-styles';
import { breadcrumbList, jsonLdText, logoPath } from '../structured-data';
import type { SiteWords } from '../words';
import { ogLocale, pathIn } from '../site-languages';
import { alternatesOf, documentTitle, SECTION_PATHS, sitePath, type PageMeta, type Section, type SiteView } from './layout';

/** Home, the page's section, and the page itself when it is not the section's own page. */
function trail(words: SiteWords, meta: PageMeta, title: string): [string, string][] | null {
  const crumb = (section: Section): [string, string] => [words.nav[section], SECTION_PATHS[section]];
  if (meta.standalone && meta.canonical !== undefined && !meta.noindex) return [crumb('home'), [title, meta.canonical]];
  if (!meta.section || meta.section === 'home' || meta.canonical === undefined || meta.noindex) return null;
  const section = crumb(meta.section);
  return [crumb('home'), section, ...(meta.canonical === section[1] ? [] : [[title, meta.canonical] as [string, string]])];
}

/**
 * A page's <head>: title, description, canonical link, the favicon (the company's logo when it has
 * uploaded one), the feed, the Open Graph and Twitter card tags, the inline stylesheets (the
 * site's and the accent colour's, each allowed by hash: site-styles.ts) and the JSON-LD.
 */
export function Head({ site, meta }: { site: SiteView; meta: PageMeta }) {
  const { companyName, logo, accentColor } = site.settings;
  const { words } = site;
  const title = documentTitle(words, meta.title, companyName);
  const url = meta.canonical === undefined ? undefined : `${site.origin}${sitePath(site, meta.canonical)}`;
  const image = `${site.origin}${meta.image ?? logoPath(site.settings)}`;
  const accent = accentCss(accentColor);
  const crumbs = trail(words, meta, meta.title ?? companyName)?.map(([name, path]): [string, string] => [name, sitePath(site, path)]);
  // hreflang (issue #41): every version of the page, its own among them, and x-default the default language's.
  const alternates = alternatesOf(site, meta);
  const absolute = (lang: string, path: string) =>
    `${site.origin}${pathIn(
      site.languages.find((language) => language.code === lang)!,
      path,
    )}`;
  const fallback = alternates.find((alternate) => alternate.lang === site.languages[0].code);
  const data = [...(meta.structuredData ?? []), ...(crumbs ? [breadcrumbList(crumbs, site.origin)] : [])];
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {url !== undefined && <link rel="canonical" href={url} />}
      {alternates.map(({ lang, path }) => (
        <link key={lang} rel="alternate" hrefLang={lang} href={absolute(lang, path)} />
      ))}
      {fallback && <link rel="alternate" hrefLang="x-default" href={absolute(fallback.lang, fallback.path)} />}
      {(meta.noindex || site.preview) && <meta name="robots" content="noindex" />}
      {logo === null ? <link rel="icon" href="/favicon.svg" type="image/svg+xml" /> : <link rel="icon" href={logo} type="image/webp" />}
      <link rel="alternate" type="application/atom+xml" title={words.feedTitle(companyName)} href={sitePath(site, SITE_PATHS.feed)} />
      <meta property="og:site_name" content={companyName} />
      <meta property="og:title" content={meta.title ?? companyName} />
      <meta property="og:description" content={meta.description} />
      {url !== undefined && <meta property="og:url" content={url} />}
      <meta property="og:type" content={meta.type ?? 'website'} />
      {site.languages.length > 1 && <meta property="og:locale" content={ogLocale(site.language.code)} />}
      {alternates
        .filter(({ lang }) => lang !== site.language.code)
        .map(({ lang }) => (
          <meta key={lang} property="og:locale:alternate" content={ogLocale(lang)} />
        ))}
      <meta property="og:image" content={image} />
      {meta.imageAlt && <meta property="og:image:alt" content={meta.imageAlt} />}
      <meta name="twitter:card" content={meta.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={meta.title ?? companyName} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <style dangerouslySetInnerHTML={{ __html: SITE_CSS }} />
      {accent !== '' && <style dangerouslySetInnerHTML={{ __html: accent }} />}
      {data.map((item, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
      ))}
    </head>
  );
}
