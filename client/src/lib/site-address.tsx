import { createContext, useContext, type ReactNode } from 'react';

/**
 * An administrator's preview of a public page (issue #42): the server answers each site path
 * under this prefix to signed-in administrators alone (drafts, schedules and unpublished changes,
 * whether maintenance is on or off), never under the visitors' address. paths.ts lists it.
 */
export const PREVIEW_PREFIX = '/admin/preview';

/** The preview's address of a site path (`/news/x` → `/admin/preview/news/x`, `/` → `/admin/preview/`). */
export function previewPath(sitePath: string): string {
  return `${PREVIEW_PREFIX}${sitePath}`;
}

/** Whether a path is the preview's: a page of the server's, not a screen of this app (a login leads back to it with a full load). */
export function isPreviewPath(path: string): boolean {
  return path === PREVIEW_PREFIX || path.startsWith(`${PREVIEW_PREFIX}/`);
}

/** Whether the site is under maintenance, from the admin layout (the settings it reads); false while unknown. */
const MaintenanceContext = createContext(false);

/** Hands the site's maintenance switch to every screen below (the admin layout sets it once). */
export function SiteStateProvider({ maintenance, children }: { maintenance: boolean | undefined; children: ReactNode }) {
  return <MaintenanceContext.Provider value={maintenance === true}>{children}</MaintenanceContext.Provider>;
}

/**
 * Where the panel opens a public page: the visitors' address, or the preview's where the visitors'
 * would not show what the administrator expects (`unpublished`: a draft or a scheduled item; or
 * any page while maintenance is on, when visitors see the maintenance page).
 */
export function useSiteLink(): (sitePath: string, unpublished?: boolean) => string {
  const maintenance = useContext(MaintenanceContext);
  return (sitePath, unpublished = false) => (maintenance || unpublished ? previewPath(sitePath) : sitePath);
}
