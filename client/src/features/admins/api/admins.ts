import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type Paged } from '../../../lib/api';

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  /** Null until their first login. */
  lastLoginAt: string | null;
}

export interface NewAdmin {
  name: string;
  email: string;
  password: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export const adminQueries = {
  all: () => ['admins'] as const,
  list: ({ page }: { page: number }) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'list', { page }] as const,
      queryFn: ({ signal }) => api.get<Paged<AdminRow>>(apiPaths.admins, { page }, signal),
      // The list on screen stays while the next page loads.
      placeholderData: keepPreviousData,
    }),
};

/** Adds an administrator through registration, which a logged-in admin may always use. */
export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAdmin) => api.post<{ admin: AdminRow }>(apiPaths.register, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) => api.post<{ ok: true }>(apiPaths.myPassword, input),
  });
}

export function deleteAdmin(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(apiPaths.adminItem(id));
}
