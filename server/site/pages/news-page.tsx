import type { Paged } from '../../common/pagination';
import type { News } from '../../news/news.entity';
import { SITE_PATHS, pagePath } from '../site-paths';
import { Layout, type SiteView } from './layout';
import { NewsCard, Pager } from './parts';

/** The news, newest first, a page at a time. */
export function NewsPage({ site, news }: { site: SiteView; news: Paged<News> }) {
  const { page } = news.meta;
  const words = site.words.news;
  return (
    <Layout
      site={site}
      meta={{
        title: words.title(page),
        description: words.description(site.settings.companyName),
        canonical: pagePath(SITE_PATHS.news, page),
        section: 'news',
      }}
    >
      <div className="wrap">
        <div className="page-head">
          <h1>{words.heading}</h1>
          <p>{words.lead}</p>
        </div>
        {news.data.length === 0 ? (
          <p className="empty">{words.empty}</p>
        ) : (
          <ul className="grid">
            {news.data.map((article, i) => (
              <li key={article.id}>
                <NewsCard article={article} heading="h2" eager={i === 0} words={site.words} />
              </li>
            ))}
          </ul>
        )}
        <Pager list={SITE_PATHS.news} page={page} links={news.links} label={words.pages} words={site.words} />
      </div>
    </Layout>
  );
}
