import type { Paged } from '../../common/pagination';
import type { News } from '../../news/news.entity';
import { SITE_PATHS } from '../site-paths';
import { sitePath, type SiteView } from './layout';
import { ListPage } from './list-page';
import { NewsCard } from './parts';

/** The news, newest first, a page at a time; the first card's photo is the page's largest paint, loaded at once. */
export function NewsPage({ site, news }: { site: SiteView; news: Paged<News> }) {
  return (
    <ListPage
      site={site}
      items={news}
      path={SITE_PATHS.news}
      section="news"
      words={site.words.news}
      card={(article, i) => (
        <NewsCard
          article={article}
          heading="h2"
          eager={i === 0}
          words={site.words}
          href={sitePath(site, SITE_PATHS.article(article.slug))}
        />
      )}
    />
  );
}
