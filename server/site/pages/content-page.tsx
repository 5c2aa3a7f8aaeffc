import { renderMarkdown } from '../../common/markdown';
import { BODY_UNDER, type Page } from '../../pages/page.entity';
import { SITE_PATHS } from '../site-paths';
import { webPage } from '../structured-data';
import { Layout, pageLanguage, type Alternate, type SiteView } from './layout';
import { Photo } from './parts';

function isPublic(page: Page): boolean {
  return page.status === 'published' && (page.publishAt === null || new Date(page.publishAt).getTime() <= Date.now());
}

/**
 * One of the company's own pages (issue #37) at `/<slug>` (`/de/<slug>` in another language):
 * title, photo and its Markdown body. `workingCopy`: an administrator's preview shows its
 * unpublished changes, marked. `alternates`: its addresses in the languages it is published in (issue #41).
 */
export function ContentPage({
  site,
  page,
  workingCopy = false,
  alternates = [],
}: {
  site: SiteView;
  page: Page;
  workingCopy?: boolean;
  alternates?: Alternate[];
}) {
  const words = site.words.page;
  return (
    <Layout
      site={site}
      meta={{
        title: page.title,
        description: page.description,
        canonical: SITE_PATHS.page(page.slug),
        alternates,
        standalone: true,
        image: page.photo,
        imageAlt: page.photoAlt,
        structuredData: [webPage(page, site.settings, site.origin, pageLanguage(site))],
      }}
    >
      <article className="wrap article">
        {site.preview && !isPublic(page) && (
          <p className="preview-note" role="note">
            {page.status === 'draft' ? words.draft : words.scheduled}
          </p>
        )}
        {site.preview && workingCopy && (
          <p className="preview-note" role="note">
            {words.workingCopy}
          </p>
        )}
        <h1>{page.title}</h1>
        {page.photo !== null && (
          <div className="article-photo">
            <Photo article={page} sizes="article" eager />
          </div>
        )}
        {/* renderMarkdown writes no raw HTML from the text and no unsafe link: see server/common/markdown.ts. */}
        <div className="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(page.body, BODY_UNDER) }} />
      </article>
    </Layout>
  );
}
