import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useLoggedError } from '../../../lib/use-logged-error';
import { newsQueries } from '../api/news';
import './ArticleVisitors.css';

/** On the edit screen: how many people read the article's public page in the last 30 days. */
export function ArticleVisitors({ slug }: { slug: string }) {
  const query = useQuery(newsQueries.visitors(slug));
  useLoggedError("Loading the article's visitor counts failed", query.error);
  const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
  return (
    <p className="article-visitors">
      <span className="article-visitors__label">Last 30 days on the site:</span>{' '}
      {query.isPending
        ? 'loading…'
        : query.isError
          ? 'the counts could not be loaded.'
          : `${count(query.data.visitors, 'visitor', 'visitors')} (sum of daily visitors), ${count(query.data.pageviews, 'pageview', 'pageviews')}.`}{' '}
      <Link to={paths.visitors}>All visitor counts</Link>
    </p>
  );
}
