import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type Paged } from '../../../lib/api';

export interface Service {
  id: string;
  /** Older payloads name the id `_id`; read it with itemId(). */
  _id?: string;
  title: string;
  about: string;
  createdAt: string;
  updatedAt: string;
}

export interface ServiceInput {
  title: string;
  about: string;
}

export const serviceQueries = {
  all: () => ['services'] as const,
  lists: () => [...serviceQueries.all(), 'list'] as const,
  list: ({ page }: { page: number }) =>
    queryOptions({
      queryKey: [...serviceQueries.lists(), { page }] as const,
      queryFn: ({ signal }) => api.get<Paged<Service>>(apiPaths.services, { page }, signal),
      // The list on screen stays while the next page loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...serviceQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get<Service>(apiPaths.service(id), undefined, signal),
    }),
};

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => api.post<Service>(apiPaths.services, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceQueries.all() }),
  });
}

export function useUpdateService(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => api.patch<Service>(apiPaths.service(id), input),
    onSuccess: (service) => {
      queryClient.setQueryData(serviceQueries.detail(id).queryKey, service);
      return queryClient.invalidateQueries({ queryKey: serviceQueries.all() });
    },
  });
}

export function deleteService(id: string) {
  return api.delete<{ id: string }>(apiPaths.service(id));
}

/** Takes a deleted service out of the trash (the Undo after a delete). */
export function restoreService(id: string) {
  return api.post<unknown>(apiPaths.trashRestore('services', id));
}
