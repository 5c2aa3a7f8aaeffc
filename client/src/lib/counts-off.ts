import type { ApiSchema } from './api';

/**
 * The flag that keeps this browser out of the visitor counts: the public pages' counting script
 * sends nothing where `localStorage['counts-off']` is '1'. The panel sets it for every signed-in
 * administrator, so their own visits to the site (checking a page, a preview) are not counted.
 * It stays after logout: the browser is still an administrator's. The API document names the key
 * (AnalyticsStatus.optOutKey), so the type check fails if the server's and this one ever differ.
 */
export const COUNTS_OFF_KEY: ApiSchema<'AnalyticsStatus'>['optOutKey'] = 'counts-off';

export function keepBrowserUncounted(): void {
  try {
    localStorage.setItem(COUNTS_OFF_KEY, '1');
  } catch {
    // Storage may be unavailable (private mode, quota): this browser's visits are then counted.
  }
}
