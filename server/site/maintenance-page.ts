import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_DIST } from '../config/paths';
import { maintenancePagePolicy } from '../http/security-headers';
import { memoryFile, sendStaticFile, type StaticFile } from '../http/static-assets';
import { HTML, onceOnly } from './site-reply';

/** How long visitors and crawlers are asked to wait before coming back to the maintenance page. */
const RETRY_AFTER_SECONDS = 3600;

let page: { file: StaticFile; headers: Record<string, string> } | undefined;

/** The built page (client/index.html), read once; undefined until the client is built. */
function maintenancePage(): typeof page {
  if (page) return page;
  let html: string;
  try {
    html = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Content-Security-Policy': maintenancePagePolicy(html) };
  page = { file: memoryFile(HTML, html), headers };
  return page;
}

/**
 * The maintenance page, with 503 so search engines keep the site's standing while it is down: one
 * HTML response (its stylesheet inline, allowed by hash in its own policy) plus its logo. Never a
 * 206 or a 304, whatever Range or conditional headers ask.
 */
export function sendMaintenancePage(req: Pick<IncomingMessage, 'headers' | 'method'>, res: ServerResponse, behindCdn: boolean): void {
  const built = maintenancePage();
  if (!built) {
    res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'The client is not built yet: run `npm run build`.' }));
    return;
  }
  // Behind a CDN no copy may outlive the switch: the site reopens for visitors at once.
  sendStaticFile(req, res, built.file, { cacheControl: behindCdn ? onceOnly(true) : 'no-cache', status: 503, headers: built.headers });
}
