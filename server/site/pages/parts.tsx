import type { Service } from '../../services/service.entity';
import type { ReactNode } from 'react';
import type { PageLinks } from '../../common/pagination';
import { photoSrcset, type News } from '../../news/news.entity';
import { pagePath } from '../site-paths';
import type { SiteWords } from '../words';

/** The frame of a photo whose size is not known (stored before sizes were): 16:9, the photo cropped to it. */
const FRAME = { width: 1600, height: 900 };

/** How wide a photo shows: in a card of the list's grid (up to three a row), or across an article. */
export const PHOTO_SIZES = {
  card: '(min-width: 68rem) 21rem, (min-width: 42rem) calc(50vw - 2rem), calc(100vw - 2.5rem)',
  article: '(min-width: 46rem) 43.5rem, calc(100vw - 2.5rem)',
} as const;

/** A date as visitors read it, e.g. "November 22, 2026" in English (UTC, so every replica writes the same page). */
export function DateText({ at, words }: { at: Date; words: SiteWords }) {
  const date = new Date(at);
  return (
    <time className="date" dateTime={date.toISOString()}>
      {date.toLocaleDateString(words.dateLocale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}
    </time>
  );
}

/**
 * An article's photo, or the logo on the brand colour when it has none: every stored size in
 * `srcset` (photo-sizes.ts), the browser choosing by `sizes`, and `width` and `height` so its box
 * is known before it loads (the stylesheet shows it 16:9, cropped). `eager` for the one that is
 * likely the largest thing on screen; the rest load as they come into view.
 */
export function Photo({
  article,
  sizes,
  eager = false,
}: {
  /** An article, or one of the company's pages: what has a photo. */
  article: Pick<News, 'photo' | 'photoWidth' | 'photoHeight' | 'photoAlt'>;
  sizes: keyof typeof PHOTO_SIZES;
  eager?: boolean;
}) {
  const { photo, photoWidth, photoHeight, photoAlt } = article;
  if (photo === null) {
    return (
      <div className="photo-none">
        <img src="/logo.svg" alt="" width={64} height={64} />
      </div>
    );
  }
  const srcSet = photoSrcset(article);
  const size = photoWidth !== null && photoHeight !== null ? { width: photoWidth, height: photoHeight } : FRAME;
  const responsive = srcSet !== null ? { srcSet, sizes: PHOTO_SIZES[sizes] } : {};
  const loading = eager ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  return <img className="photo" src={photo} {...responsive} alt={photoAlt ?? ''} {...size} {...loading} />;
}

/** When an article went (or goes) public: its scheduled time, else when it was written. */
export function publishedAt(article: News): Date {
  return article.publishAt ?? article.createdAt;
}

/** One article in a list: photo, date, title (the link), description. */
export function NewsCard({
  article,
  heading: Heading,
  eager,
  words,
  href,
}: {
  /** Its address in the page's language. */
  href: string;
  article: News;
  heading: 'h2' | 'h3';
  eager: boolean;
  words: SiteWords;
}) {
  return (
    <article className="card">
      <Photo article={article} sizes="card" eager={eager} />
      <div className="card-body">
        <DateText at={publishedAt(article)} words={words} />
        <Heading>
          <a href={href}>{article.title}</a>
        </Heading>
        <p className="muted">{article.description}</p>
      </div>
    </article>
  );
}

/** A service as a card: its title and what it is about (muted beside other sections, as on the home page). */
export function ServiceCard({ service, heading: Heading, muted }: { service: Service; heading: 'h2' | 'h3'; muted: boolean }) {
  return (
    <article className="card service">
      <div className="card-body">
        <Heading>{service.title}</Heading>
        <p className={muted ? 'text muted' : 'text'}>{service.about}</p>
      </div>
    </article>
  );
}

/** A home page section: its heading, a link to the whole list, and its cards. */
export function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { href: string; text: string };
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="wrap">
        <div className="section-head">
          <h2 id={id}>{title}</h2>
          <a href={more.href}>{more.text}</a>
        </div>
        <ul className="grid">{children}</ul>
      </div>
    </section>
  );
}

/**
 * Previous, the numbers around this page and Next, as links the server wrote (the API's paging
 * window); a phone shows Previous, "Page N" and Next.
 */
export function Pager({
  list,
  page,
  links,
  label,
  words,
}: {
  list: string;
  page: number;
  links: PageLinks;
  label: string;
  words: SiteWords;
}) {
  if (links.previousPage === null && links.nextPage === null) return null;
  const { pager } = words;
  return (
    <nav className="pager" aria-label={label}>
      <ul>
        {links.previousPage !== null && (
          <li>
            <a href={pagePath(list, links.previousPage)} rel="prev">
              {pager.previous}
            </a>
          </li>
        )}
        {links.loopLink.map(({ number }) => (
          <li key={number} className="number">
            <a href={pagePath(list, number)} aria-current={number === page ? 'page' : undefined} aria-label={pager.page(number)}>
              {number}
            </a>
          </li>
        ))}
        <li className="here">
          <span>{pager.page(page)}</span>
        </li>
        {links.nextPage !== null && (
          <li>
            <a href={pagePath(list, links.nextPage)} rel="next">
              {pager.next}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
