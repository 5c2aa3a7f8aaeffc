import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema } from '../../../lib/api';

export type Service = ApiSchema<'Service'>;
export type ServiceInput = ApiSchema<'CreateServiceDto'>;

export const serviceQueries = {
  all: () => ['services'] as const,
  lists: () => [...serviceQueries.all(), 'list'] as const,
  list: ({ page }: { page: number }) =>
    queryOptions({
      queryKey: [...serviceQueries.lists(), { page }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.services, { page }, signal),
      // The list on screen stays while the next page loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...serviceQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(apiPaths.service(id), undefined, signal),
    }),
};

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => api.post(apiPaths.services, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceQueries.all() }),
  });
}

export function useUpdateService(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => api.patch(apiPaths.service(id), input),
    onSuccess: (service) => {
      queryClient.setQueryData(serviceQueries.detail(id).queryKey, service);
      return queryClient.invalidateQueries({ queryKey: serviceQueries.all() });
    },
  });
}

export function deleteService(id: string) {
  return api.delete(apiPaths.service(id));
}

/** Takes a deleted service out of the trash (the Undo after a delete). */
export function restoreService(id: string) {
  return api.post(apiPaths.trashRestore('services', id));
}

/** Moves up to 100 to the trash at once, all or none; answers the ids moved. */
export function deleteServices(ids: string[]) {
  return api.post(apiPaths.servicesBulkDelete, { ids });
}

/** Takes a batch out of the trash again (the one Undo after a bulk delete). */
export function restoreServices(ids: string[]) {
  return api.post(apiPaths.trashBulkRestore, { items: ids.map((id) => ({ kind: 'services' as const, id })) });
}
