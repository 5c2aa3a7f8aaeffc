import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, API_URL, itemId, uploadFile, type Paged } from '../../../lib/api';

export interface News {
  id: string;
  _id?: string;
  title: string;
  description: string;
  about: string;
  /** Null, or a path relative to the API host, e.g. /uploads/news/<name>.webp. */
  photo: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewsInput = Pick<News, 'title' | 'description' | 'about'>;

export const newsQueries = {
  all: () => ['news'] as const,
  lists: () => [...newsQueries.all(), 'list'] as const,
  /** A page of the list, or (with a title) the unpaged search result. */
  list: ({ page, title = '' }: { page: number; title?: string }) =>
    queryOptions({
      queryKey: [...newsQueries.lists(), { page: title ? 1 : page, title }] as const,
      queryFn: ({ signal }) => api.get<Paged<News>>(apiPaths.news, title ? { title } : { page }, signal),
      // The list on screen stays while the next page or search result loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...newsQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get<News>(apiPaths.newsItem(id), undefined, signal),
    }),
};

/** What the server accepts as a photo, with its own refusal texts (GET /api/news/photo-limits). */
export interface PhotoLimits {
  maxBytes: number;
  types: string[];
  typeMessage: string;
  sizeMessage: string;
}

export const photoLimitsQuery = () =>
  queryOptions({
    queryKey: [...newsQueries.all(), 'photo-limits'] as const,
    queryFn: ({ signal }) => api.get<PhotoLimits>(apiPaths.newsPhotoLimits, undefined, signal),
    staleTime: Infinity,
  });

/** Where the browser loads a stored photo from: the path is relative to the API host. */
export function photoUrl(photo: string): string {
  return `${API_URL}${photo}`;
}

function useStoreArticle() {
  const queryClient = useQueryClient();
  return async (news: News) => {
    queryClient.setQueryData(newsQueries.detail(itemId(news)).queryKey, news);
    await queryClient.invalidateQueries({ queryKey: newsQueries.lists() });
  };
}

export function useCreateNews() {
  const store = useStoreArticle();
  return useMutation({
    mutationFn: (input: NewsInput) => api.post<News>(apiPaths.news, input),
    onSuccess: store,
  });
}

export function useUpdateNews() {
  const store = useStoreArticle();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: NewsInput }) => api.patch<News>(apiPaths.newsItem(id), input),
    onSuccess: store,
  });
}

/**
 * Sends the photo form. As the spec has it, this call follows every save, with or without a file;
 * without one the server changes nothing.
 */
export function useUploadNewsPhoto() {
  const store = useStoreArticle();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File | null; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      if (file) form.append('photo', file);
      return uploadFile<News>(apiPaths.newsUpload(id), form, onProgress);
    },
    onSuccess: store,
  });
}

export function deleteNews(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(apiPaths.newsItem(id));
}

/** Takes a deleted news out of the trash (the Undo after a delete). */
export function restoreNews(id: string) {
  return api.post<unknown>(apiPaths.trashRestore('news', id));
}
