import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readableTextOn } from '../common/colour';
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

/** A whole `#rrggbb` colour, as the setting stores it (lower case). */
const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

/**
 * A page's own stylesheet for the company's accent colour (Settings; '' for none): one colour for
 * the whole site (issue 38), in place of the default navy, amber and blue. It is the brand areas'
 * background (the home page's banner, the footer), the links, the buttons and the highlights
 * (current page, card and quote borders), with the text on it computed (`readableTextOn`: white
 * on every accent the setting allows). The setting keeps the accent readable as text on the white
 * page; on the dark theme's page the links take a tint of it (60% white: every channel at least
 * 60%, so at least 5.7:1 on the darkest surfaces). Inlined after the site's stylesheet, so it wins.
 */
export function accentCss(accentColor: string): string {
  // The setting is '' or `#rrggbb` (validated); anything else keeps the default colours.
  if (!ACCENT_PATTERN.test(accentColor)) return '';
  const accent = accentColor;
  const text = readableTextOn(accent);
  const tint = `color-mix(in srgb,${accent} 40%,#ffffff)`;
  const tokens = {
    '--brand': accent,
    '--brand-ink': `light-dark(${accent},${tint})`,
    '--brand-text': text,
    '--brand-muted': text,
    '--brand-highlight': text,
    '--accent': accent,
    '--accent-hover': `color-mix(in srgb,${accent} 80%,#000000)`,
    '--on-accent': text,
    '--hero-action': text,
    '--hero-action-hover': `color-mix(in srgb,${text} 85%,${accent})`,
    '--on-hero-action': accent,
    '--primary': `light-dark(${accent},${tint})`,
    '--primary-dark': `light-dark(color-mix(in srgb,${accent} 80%,#000000),color-mix(in srgb,${accent} 25%,#ffffff))`,
    '--on-primary': `light-dark(${text},#0b1a33)`,
    '--nav-current-bg': `light-dark(color-mix(in srgb,${accent} 8%,#ffffff),color-mix(in srgb,${accent} 30%,#0f1520))`,
  };
  return `:root{${Object.entries(tokens)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
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
