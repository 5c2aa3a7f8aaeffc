import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema } from '../../../lib/api';

/** An article or a page an author submitted, waiting for someone who may publish it (issue #39). */
export type WaitingItem = ApiSchema<'WaitingForReview'>;

export const reviewQueries = {
  all: () => ['review'] as const,
  /** Everything waiting that the signed-in admin may publish, the longest waiting first (one unpaged list). */
  list: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.review, undefined, signal),
    }),
};
