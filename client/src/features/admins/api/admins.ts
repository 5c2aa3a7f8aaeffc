import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema } from '../../../lib/api';
import type { Role } from '../../../lib/can';
import { useConfirmed } from '../../../lib/confirmation';

export type AdminRow = ApiSchema<'AdminRow'>;
export type PasswordChange = ApiSchema<'ChangePasswordDto'>;

export type Invitation = ApiSchema<'Invitation'>;

/** GET and PATCH /api/admins/me/preferences: "Email me new contact messages", and whether mail is on. */
export type Preferences = ApiSchema<'Preferences'>;

/** One of the signed-in admin's sessions (Your sessions). */
export type AccountSession = ApiSchema<'AccountSession'>;
/** GET /api/admins/me/second-factor: authenticator codes on or off, recovery codes left, and whether the site requires a second factor. */
export type SecondFactorStatus = ApiSchema<'SecondFactorStatus'>;
export type TotpSetup = ApiSchema<'TotpSetup'>;

export const adminQueries = {
  all: () => ['admins'] as const,
  secondFactor: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'me', 'second-factor'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.mySecondFactor, undefined, signal),
      staleTime: 5 * 60 * 1000,
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'me', 'preferences'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.myPreferences, undefined, signal),
    }),
  sessions: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'me', 'sessions'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.mySessions, undefined, signal),
    }),
  invitations: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'invitations'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.invitations, undefined, signal),
    }),
  list: ({ page }: { page: number }) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'list', { page }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.admins, { page }, signal),
      // The list on screen stays while the next page loads.
      placeholderData: keepPreviousData,
    }),
};

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) => api.post(apiPaths.myPassword, input),
  });
}

export function deleteAdmin(id: string) {
  return api.delete(apiPaths.adminItem(id));
}

/** An administrator gives an account another role (PATCH /api/admins/:id); 409 for the last administrator. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => api.patch(apiPaths.adminItem(id), { role }),
    // Their own role too, maybe: the session is read again for what it may do now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: Role; delivery: 'mail' | 'link' }) => api.post(apiPaths.invitations, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.invitation(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

/** Your account: your own name, at once; the menu and every screen that names you refresh. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => api.patch(apiPaths.me, input),
    // The name is in the session's admin (features/auth) and in the lists: everything on screen refreshes.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Your account: a new email, confirmed by a link mailed to it (asks for a recent confirmation of who you are first). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: (input: { email: string }) => confirmed(() => api.post(apiPaths.myEmail, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.preferences().queryKey }),
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { notifyContactMessages: boolean }) => api.patch(apiPaths.myPreferences, changes),
    onSuccess: (preferences) => {
      queryClient.setQueryData(adminQueries.preferences().queryKey, preferences);
      return queryClient.invalidateQueries({ queryKey: adminQueries.all() });
    },
  });
}

/** Ends one of the admin's own sessions (by its opaque id). */
export function useEndSession() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: (id: string) => confirmed(() => api.delete(apiPaths.mySession(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.sessions().queryKey }),
  });
}

/** "Sign out everywhere else": every session of the admin but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: () => confirmed(() => api.post(apiPaths.mySessionsEndOthers)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.sessions().queryKey }),
  });
}

/** Begins setting up authenticator codes: a secret and its QR code (not on until confirmed). */
export function useBeginTotp() {
  const confirmed = useConfirmed();
  return useMutation({ mutationFn: () => confirmed(() => api.post(apiPaths.myTotp)) });
}

/**
 * A code from the app turns authenticator codes on; the reply holds the recovery codes. The status
 * is refreshed by `useSecondFactorChanged` once they have been seen (REQUIRE_SECOND_FACTOR's gate
 * opens on it, and would take them off screen).
 */
export function useConfirmTotp() {
  const confirmed = useConfirmed();
  return useMutation({ mutationFn: (input: { code: string }) => confirmed(() => api.post(apiPaths.myTotpConfirm, input)) });
}

/** An administrator's "End all sessions" for an admin: every session of theirs ends (the caller's own current one stays). */
export function useEndAdminSessions() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: (id: string) => confirmed(() => api.post(apiPaths.adminSessionsEnd(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

/** A password reset for a colleague's account: mailed to them, or a one-time link to hand over (asks for a recent confirmation). */
export function useIssuePasswordReset() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: ({ id, delivery }: { id: string; delivery: 'mail' | 'link' }) =>
      confirmed(() => api.post(apiPaths.adminPasswordReset(id), { delivery })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

export function useTurnOffTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string }) => api.delete(apiPaths.myTotp, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.secondFactor().queryKey }),
  });
}

/** Reads the second factor's status again (after the recovery codes were shown). */
export function useSecondFactorChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminQueries.secondFactor().queryKey });
}
