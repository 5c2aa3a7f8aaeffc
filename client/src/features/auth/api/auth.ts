import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api } from '../../../lib/api';

export interface Admin {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

const STORAGE_KEY = 'admin';

/** The spec keeps the session's admin in local storage under `admin`; the server stays the authority. */
function storeAdmin(admin: Admin | null): void {
  try {
    if (admin) localStorage.setItem(STORAGE_KEY, JSON.stringify(admin));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode, quota); the session cookie still works.
  }
}

/** Whether this browser last knew of a logged-in admin (the screens for guests need not wait for the check otherwise). */
export function adminRemembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}

export const authQueries = {
  all: () => ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: async () => {
        const { admin } = await api.get<{ admin: Admin | null }>(apiPaths.me);
        storeAdmin(admin);
        return admin;
      },
      staleTime: 5 * 60 * 1000,
    }),
};

/** Forgets the admin (the session is gone): the route guards then show the login screen. */
export function forgetAdmin(queryClient: QueryClient): void {
  storeAdmin(null);
  queryClient.setQueryData(authQueries.me().queryKey, null);
}

export interface Credentials {
  email: string;
  password: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => api.post<{ admin: Admin }>(apiPaths.login, credentials),
    onSuccess: ({ admin }) => {
      storeAdmin(admin);
      queryClient.setQueryData(authQueries.me().queryKey, admin);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: { name: string; email: string; password: string; setupToken?: string }) =>
      api.post<{ admin: Admin }>(apiPaths.register, input),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>(apiPaths.logout),
    onSuccess: () => {
      queryClient.clear();
      forgetAdmin(queryClient);
    },
  });
}
