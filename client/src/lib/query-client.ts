import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * When any request says the session is gone (401), forget the admin: the route guards then send
 * the user to the login screen. Only the 'auth' query key is touched, so this stays UI-free.
 */
function onError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    try {
      localStorage.removeItem('admin');
    } catch {
      // ignore
    }
    queryClient.setQueryData(['auth', 'me'], null);
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});
