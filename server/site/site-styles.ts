import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_DIST } from '../config/paths';
import { sitePagePolicy } from '../http/security-headers';
import { BEACON_HASH } from '../http/visitor-beacon';

/**
 * The public pages' one stylesheet: client/src/styles/site.css, the tokens and parts it imports
 * resolved and minified by the build (dist/client/site.css, client/vite.config.mts). Inlined in
 * each page (no request to wait for) and allowed by its hash, as the maintenance page's is. Empty
 * until the client is built: the pages then come unstyled, as the maintenance page is missing.
 */
function builtStylesheet(): string {
  try {
    return readFileSync(join(CLIENT_DIST, 'site.css'), 'utf8').trim();
  } catch {
    return '';
  }
}

export const SITE_CSS = builtStylesheet();

/** The pages' policy without an accent colour, computed once (server/http/security-headers.ts). */
export const SITE_CSP = sitePagePolicy([SITE_CSS]);
/** The same with the visitor-count beacon allowed by its hash (ANALYTICS=on). */
const COUNTED_SITE_CSP = sitePagePolicy([SITE_CSS], [BEACON_HASH]);

/**
 * A page's own stylesheet for the company's accent colour (Settings; '' for none): the brand areas
 * (the home page's hero, the footer) take it, their text white (the setting is refused when
 * white text on it falls under 4.5:1). Inlined after the site's stylesheet, so it wins.
 */
export function accentCss(accentColor: string): string {
  return accentColor === '' ? '' : `:root{--brand:${accentColor};--brand-muted:#ffffff}`;
}

let lastPolicy = { accentColor: '', counting: false, policy: SITE_CSP };

/**
 * The policy of a page written with this accent colour: the site's stylesheet and the accent's,
 * each by its hash, and when the page is `counting` (carries the beacon) the beacon's script.
 */
export function sitePolicyFor(accentColor: string, counting: boolean): string {
  if (accentColor === '') return counting ? COUNTED_SITE_CSP : SITE_CSP;
  // One colour at a time in practice: the last one's policy is kept.
  if (lastPolicy.accentColor !== accentColor || lastPolicy.counting !== counting) {
    const css = [SITE_CSS, accentCss(accentColor)];
    lastPolicy = { accentColor, counting, policy: sitePagePolicy(css, counting ? [BEACON_HASH] : []) };
  }
  return lastPolicy.policy;
}
