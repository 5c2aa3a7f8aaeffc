import type { ReactNode } from 'react';
import type { Paged } from '../../common/pagination';
import { pagePath } from '../site-paths';
import type { SiteWords } from '../words';
import { Layout, sitePath, type SiteView } from './layout';
import { Pager } from './parts';

/** The words a list page reads: its title, heading, lead, empty state and pager's name. */
type ListWords = SiteWords['news'] & SiteWords['services'];

/**
 * A list of cards, newest first, a page at a time: the news and the services pages, which differ
 * only in their words, their path and how one card is drawn.
 */
export function ListPage<Item extends { id: string }>({
  site,
  items,
  path,
  section,
  words,
  card,
}: {
  site: SiteView;
  items: Paged<Item>;
  path: string;
  section: 'news' | 'services';
  words: ListWords;
  card: (item: Item, index: number) => ReactNode;
}) {
  const { page } = items.meta;
  return (
    <Layout
      site={site}
      meta={{
        title: words.title(page),
        description: words.description(site.settings.companyName),
        canonical: pagePath(path, page),
        // Another language's list may have fewer pages: only the first page names its versions.
        ...(page === 1 ? {} : { alternates: [] }),
        section,
      }}
    >
      <div className="wrap">
        <div className="page-head">
          <h1>{words.heading}</h1>
          <p>{words.lead}</p>
        </div>
        {items.data.length === 0 ? (
          <p className="empty">{words.empty}</p>
        ) : (
          <ul className="grid">
            {items.data.map((item, index) => (
              <li key={item.id}>{card(item, index)}</li>
            ))}
          </ul>
        )}
        <Pager list={sitePath(site, path)} page={page} links={items.links} label={words.pages} words={site.words} />
      </div>
    </Layout>
  );
}
