import { SITE_PATHS } from '../site-paths';
import { accentCss, SITE_CSS } from '../site-styles';
import { breadcrumbList, jsonLdText, logoPath } from '../structured-data';
import type { SiteWords } from '../words';
import { documentTitle, SECTION_PATHS, type PageMeta, type Section, type SiteView } from './layout';

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
  const url = meta.canonical === undefined ? undefined : `${site.origin}${meta.canonical}`;
  const image = `${site.origin}${meta.image ?? logoPath(site.settings)}`;
  const accent = accentCss(accentColor);
  const crumbs = trail(words, meta, meta.title ?? companyName);
  const data = [...(meta.structuredData ?? []), ...(crumbs ? [breadcrumbList(crumbs, site.origin)] : [])];
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {url !== undefined && <link rel="canonical" href={url} />}
      {(meta.noindex || site.preview) && <meta name="robots" content="noindex" />}
      {logo === null ? <link rel="icon" href="/favicon.svg" type="image/svg+xml" /> : <link rel="icon" href={logo} type="image/webp" />}
      <link rel="alternate" type="application/atom+xml" title={words.feedTitle(companyName)} href={SITE_PATHS.feed} />
      <meta property="og:site_name" content={companyName} />
      <meta property="og:title" content={meta.title ?? companyName} />
      <meta property="og:description" content={meta.description} />
      {url !== undefined && <meta property="og:url" content={url} />}
      <meta property="og:type" content={meta.type ?? 'website'} />
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
