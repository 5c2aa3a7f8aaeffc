import { renderMarkdown } from '../../common/markdown';
import type { News } from '../../news/news.entity';
import { SITE_PATHS } from '../site-paths';
import { newsArticle } from '../structured-data';
import { Layout, pageLanguage, sitePath, type Alternate, type SiteView } from './layout';
import { DateText, Photo, publishedAt } from './parts';

function isPublic(article: News): boolean {
  return article.status === 'published' && (article.publishAt === null || new Date(article.publishAt).getTime() <= Date.now());
}

/** One article: title, date, photo, description and its About text. */
/** `workingCopy`: an administrator's preview shows the article's unpublished changes (issue #36), marked. */
/** `alternates`: its addresses in the languages it is published in (issue #41). */
export function ArticlePage({
  site,
  article,
  workingCopy = false,
  alternates = [],
}: {
  site: SiteView;
  article: News;
  workingCopy?: boolean;
  alternates?: Alternate[];
}) {
  const words = site.words.article;
  return (
    <Layout
      site={site}
      meta={{
        title: article.title,
        description: article.description,
        canonical: SITE_PATHS.article(article.slug),
        alternates,
        section: 'news',
        type: 'article',
        image: article.photo,
        imageAlt: article.photoAlt,
        structuredData: [newsArticle(article, site.settings, site.origin, publishedAt(article), pageLanguage(site))],
      }}
    >
      <article className="wrap article">
        <a className="back" href={sitePath(site, SITE_PATHS.news)}>
          {words.back}
        </a>
        {site.preview && !isPublic(article) && (
          <p className="preview-note" role="note">
            {article.status === 'draft' ? words.draft : words.scheduled}
          </p>
        )}
        {site.preview && workingCopy && (
          <p className="preview-note" role="note">
            {words.workingCopy}
          </p>
        )}
        <h1>{article.title}</h1>
        <DateText at={publishedAt(article)} words={site.words} />
        {article.photo !== null && (
          <div className="article-photo">
            <Photo article={article} sizes="article" eager />
          </div>
        )}
        <p className="lead text">{article.description}</p>
        <section className="about" aria-labelledby="about">
          <h2 id="about">{words.about}</h2>
          {/* renderMarkdown writes no raw HTML from the text and no unsafe link: see server/common/markdown.ts. */}
          <div className="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(article.about) }} />
        </section>
      </article>
    </Layout>
  );
}
