import { styleHash } from './security-headers';

/*
 * The public pages' visitor count (issue #40), as the pages carry it: one inline script, the same
 * bytes on every page (so it is allowed by one hash and the page cache keeps working), and a
 * <noscript> image for browsers without script. What the server does with a hit is
 * server/analytics/.
 */

/** Where the beacon posts its JSON (as text/plain: what `navigator.sendBeacon` sends a string as). */
export const COLLECT_PATH = '/api/collect';
/** The <noscript> image: counts the page (its `?path=`) without the referrer. */
export const COLLECT_GIF_PATH = '/api/collect.gif';

/**
 * The localStorage key that keeps a browser out of the counts: the admin panel sets it at sign-in,
 * so administrators reading their own site are not counted. The API document names it
 * (`AnalyticsStatus.optOutKey`, an enum of this one value), so the client's generated types hold
 * it and its type check fails if the two ever differ.
 */
export const COUNTS_OFF_KEY = 'counts-off';

/**
 * Sends `{ path, referrer, utm_source, utm_medium, utm_campaign, width }` once per page view:
 * the referrer's host only (never its path), the UTM parameters only (never the rest of the
 * query), the screen's width. Nothing is stored on the visitor's browser; reading localStorage
 * may throw (storage disabled), which counts the view. Under 1 KB, checked by a unit test.
 */
export const BEACON_SCRIPT =
  '(function(){try{if(localStorage.getItem("' +
  COUNTS_OFF_KEY +
  '"))return}catch(e){}var l=location,q=new URLSearchParams(l.search),r="";' +
  'try{r=document.referrer?new URL(document.referrer).host:""}catch(e){}' +
  'navigator.sendBeacon&&navigator.sendBeacon("' +
  COLLECT_PATH +
  '",JSON.stringify({path:l.pathname,referrer:r,utm_source:q.get("utm_source"),utm_medium:q.get("utm_medium"),' +
  'utm_campaign:q.get("utm_campaign"),width:screen.width}))})()';

/** The script's CSP source (`'sha256-…'`), which the pages' policy lists when counting is on. */
export const BEACON_HASH = styleHash(BEACON_SCRIPT);

/** The <noscript> image's address for a page's path. */
export function collectGifUrl(path: string): string {
  return `${COLLECT_GIF_PATH}?path=${encodeURIComponent(path)}`;
}
