import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiBody, type ApiSchema } from '../../../lib/api';

export type Admin = ApiSchema<'Admin'>;

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
        const { admin } = await api.get(apiPaths.me);
        storeAdmin(admin);
        return admin;
      },
      staleTime: 5 * 60 * 1000,
    }),
  /** Whether a visitor may register now (REGISTRATION, and for first-admin whether an admin exists). */
  registration: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'registration'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.register, undefined, signal),
    }),
  /** Whether "Forgot password?" can work: mail is on. */
  passwordReset: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'password-reset'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.passwordReset, undefined, signal),
      staleTime: 5 * 60 * 1000,
    }),
};

/** Forgets the admin (the session is gone): the route guards then show the login screen. */
export function forgetAdmin(queryClient: QueryClient): void {
  storeAdmin(null);
  queryClient.setQueryData(authQueries.me().queryKey, null);
}

/** Set when a request met a 401 (not a logout): the login screen then says the session ended. */
let ended = false;

/** A list or a read met a 401: forget the admin; the login screen says the session ended. */
export function sessionEnded(queryClient: QueryClient): void {
  if (queryClient.getQueryData(authQueries.me().queryKey)) ended = true;
  forgetAdmin(queryClient);
}

/** Whether the last session ended by itself (idle, a password changed elsewhere), until the next login. */
export function sessionEndedByItself(): boolean {
  return ended;
}

export type Credentials = ApiSchema<'Credentials'>;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => api.post(apiPaths.login, credentials),
    onSuccess: ({ admin }) => {
      ended = false;
      storeAdmin(admin);
      queryClient.setQueryData(authQueries.me().queryKey, admin);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: ApiBody<'/api/admins/register', 'post'>) => api.post(apiPaths.register, input),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.logout),
    onSuccess: () => {
      ended = false;
      queryClient.clear();
      forgetAdmin(queryClient);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.post(apiPaths.passwordReset, input),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => api.post(apiPaths.passwordResetConfirm, input),
  });
}

/** Accepts an invitation: the new admin is signed in, as after a login. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; name: string; password: string }) => api.post(apiPaths.acceptInvitation, input),
    onSuccess: ({ admin }) => {
      storeAdmin(admin);
      queryClient.setQueryData(authQueries.me().queryKey, admin);
    },
  });
}
