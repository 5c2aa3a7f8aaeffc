import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { formSaving } from './session-end';

/**
 * The app's query client. When any request says the session is gone (401) it calls
 * `onUnauthorized`, which the app layer wires to the auth feature (lib imports no feature): that
 * forgets the admin, and the route guards then send the user to the login screen.
 */
export function createQueryClient(
  onUnauthorized: (client: QueryClient) => void,
  /** A 403: the role may have changed since the session was read (the app reads it again). */
  onForbidden: (client: QueryClient) => void = () => undefined,
): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized(client);
    if (error instanceof ApiError && error.status === 403) onForbidden(client);
  };
  // A form's save that meets a 401 asks for the password in place (useForm), so it keeps the admin.
  const onMutationError = (error: unknown) => {
    if (!formSaving.active) onError(error);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError: onMutationError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

/**
 * Marks a query that summarises the lists (the dashboard, the side menu's unread count): a change
 * to any list refreshes it through invalidateSummaries, wherever the change was made.
 */
export const SUMMARY_META = { summary: true } as const;

/** Refetches every summary query on screen (after a delete, a restore, a message read…). */
export function invalidateSummaries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.meta?.summary === true });
}
