import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_DIST } from '../config/paths';
import { sitePagePolicy } from '../http/security-headers';

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

/** The pages' policy, computed once (server/http/security-headers.ts). */
export const SITE_CSP = sitePagePolicy(SITE_CSS);
