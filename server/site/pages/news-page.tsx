import type { Paged } from '../../common/pagination';
import type { News } from '../../news/news.entity';
import { SITE_PATHS, pagePath } from '../site-paths';
import { Layout, type SiteView } from './layout';
import { NewsCard, Pager } from './parts';

/** The news, newest first, a page at a time. */
export function NewsPage({ site, news }: { site: SiteView; news: Paged<News> }) {
  const { page } = news.meta;
  return (
    <Layout
      site={site}
      meta={{
        title: page === 1 ? 'News' : `News, page ${page}`,
        description: `The latest news from ${site.settings.companyName}.`,
        canonical: pagePath(SITE_PATHS.news, page),
        section: 'news',
      }}
    >
      <div className="wrap">
        <div className="page-head">
          <h1>News</h1>
          <p>What is new with us.</p>
        </div>
        {news.data.length === 0 ? (
          <p className="empty">There is no news yet.</p>
        ) : (
          <ul className="grid">
            {news.data.map((article, i) => (
              <li key={article.id}>
                <NewsCard article={article} heading="h2" eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        <Pager list={SITE_PATHS.news} page={page} links={news.links} label="News pages" />
      </div>
    </Layout>
  );
}
