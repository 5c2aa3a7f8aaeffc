import type { News } from '../../news/news.entity';
import { SITE_PATHS } from '../site-paths';
import { Layout, type SiteView } from './layout';
import { DateText, Photo } from './parts';

/** One article: title, date, photo, description and its About text. */
export function ArticlePage({ site, article }: { site: SiteView; article: News }) {
  return (
    <Layout
      site={site}
      meta={{ title: article.title, description: article.description, canonical: SITE_PATHS.article(article.id), section: 'news' }}
    >
      <article className="wrap article">
        <a className="back" href={SITE_PATHS.news}>
          ← All news
        </a>
        <h1>{article.title}</h1>
        <DateText at={article.createdAt} />
        {article.photo !== null && (
          <div className="article-photo">
            <Photo photo={article.photo} eager />
          </div>
        )}
        <p className="lead text">{article.description}</p>
        <section className="about" aria-labelledby="about">
          <h2 id="about">About</h2>
          <p className="text">{article.about}</p>
        </section>
      </article>
    </Layout>
  );
}
