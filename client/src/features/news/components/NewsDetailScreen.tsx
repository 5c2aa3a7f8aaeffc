import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { PageHeader } from '../../../components/PageHeader';
import { PublicationStatus } from '../../../components/PublishControl';
import { ReviewBanner } from '../../../components/ReviewParts';
import { errorMessage, itemId } from '../../../lib/api';
import { useCan, useMayEdit } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { newsQueries } from '../api/news';
import { NewsPhoto } from './NewsPhoto';
// The date line is a card's meta line.
import '../../../components/CardList.css';
import './NewsDetailScreen.css';

export function NewsDetailScreen() {
  const { id = '' } = useParams();
  const { data: news, isPending, isError, error } = useQuery(newsQueries.detail(id));
  const canPublish = useCan('news.publish');
  const mayEdit = useMayEdit('news.publish');

  useLoggedError('Loading the article failed', error);

  if (isPending) {
    return (
      <section className="screen">
        <p role="status">Loading...</p>
      </section>
    );
  }
  if (isError) {
    return (
      <section className="screen">
        <PageHeader title="News" />
        <Alert>{errorMessage(error, 'Could not load the article. Please try again.')}</Alert>
        <Link to={paths.news.list}>Back to the news</Link>
      </section>
    );
  }

  return (
    <article className="screen news-detail">
      <PageHeader title={news.title}>
        <Link className="button" to={paths.news.list}>
          Back to the news
        </Link>
        {mayEdit(news) && (
          <Link className="button button--primary" to={paths.news.edit(itemId(news))}>
            Edit
          </Link>
        )}
      </PageHeader>
      <PublicationStatus item={news} href={paths.siteArticle(news.slug)} />
      <ReviewBanner item={news} reviewer={canPublish} />
      <NewsPhoto
        news={news}
        alt={news.photoAlt || news.title}
        sizes={(width) => `(min-width: 769px) min(40rem, ${width}px), min(100vw, ${width}px)`}
        className="news-detail__photo"
      />
      <p className="card__meta">
        <time dateTime={news.createdAt}>{formatDateTime(news.createdAt)}</time>
      </p>
      <p className="news-detail__description">{news.description}</p>
      <section className="news-detail__about" aria-labelledby="news-about">
        <h2 id="news-about">About</h2>
        {/* The server's rendering of the Markdown: raw HTML escaped, only http(s) and mailto links. */}
        {news.aboutHtml !== undefined ? <div dangerouslySetInnerHTML={{ __html: news.aboutHtml }} /> : <p>{news.about}</p>}
      </section>
    </article>
  );
}
