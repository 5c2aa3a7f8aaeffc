/**
 * The flag that keeps this browser out of the visitor counts: the public pages' counting script
 * sends nothing where `localStorage['counts-off']` is '1'. The panel sets it for every signed-in
 * administrator, so their own visits to the site (checking a page, a preview) are not counted.
 * It stays after logout: the browser is still an administrator's.
 */
export const COUNTS_OFF_KEY = 'counts-off';

export function keepBrowserUncounted(): void {
  try {
    localStorage.setItem(COUNTS_OFF_KEY, '1');
  } catch {
    // Storage may be unavailable (private mode, quota): this browser's visits are then counted.
  }
}
