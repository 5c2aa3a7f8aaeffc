import { queryOptions } from '@tanstack/react-query';
import { api, API_URL, apiPath, uploadFile, type ApiSchema } from './api';

/**
 * The photo pipeline's API paths. Here rather than only in app/paths.ts because the shared photo
 * picker (components/) may not import the app; paths.ts lists them from this table.
 */
export const photoApiPaths = {
  limits: apiPath('/api/news/photo-limits'),
  store: apiPath('/api/photos'),
} as const;

/** What the server accepts as a photo, with its own refusal texts (GET /api/news/photo-limits). */
export type PhotoLimits = ApiSchema<'PhotoLimits'>;

/** The photo pipeline's limits: the same for every kind with a photo (articles, pages). */
export const photoLimitsQuery = () =>
  queryOptions({
    queryKey: ['photo-limits'] as const,
    queryFn: ({ signal }) => api.get(photoApiPaths.limits, undefined, signal),
    staleTime: Infinity,
  });

/** Where the browser loads a stored photo from: the path is relative to the API host. */
export function photoUrl(photo: string): string {
  return `${API_URL}${photo}`;
}

/**
 * Stores a photo for an article's or a page's save to name (POST /api/photos): answers its path
 * and size. Nothing changes until the save sends the path as `photo`.
 */
export function storePhoto(file: File, onProgress?: (fraction: number) => void): Promise<ApiSchema<'UploadedPhoto'>> {
  const form = new FormData();
  form.append('photo', file);
  return uploadFile(photoApiPaths.store, form, onProgress);
}
