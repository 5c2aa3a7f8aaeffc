/*
 * Colour arithmetic by WCAG 2, for the accent colour: the setting's rule
 * (server/settings/dto/accent-colour.ts) and the public site's stylesheet (server/site/site-styles.ts).
 * The Settings screen does the same sums in the browser (client/src/lib/colour.ts;
 * test/unit/colour.spec.ts holds the two to one answer).
 */

/** White text on the accent, and the accent as text on the white page, must reach this contrast (AA, normal text). */
export const MIN_CONTRAST = 4.5;

/** The site's dark text (tokens.css `--text` in the light). */
const DARK_TEXT = '#1d2733';

/** A colour's relative luminance, by WCAG 2's definition, from `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast ratio of white text on `#rrggbb` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return contrast('#ffffff', hex);
}

/** Of white and the site's dark text, the one that reads better on `#rrggbb` (white on every accent the setting allows). */
export function readableTextOn(hex: string): string {
  return contrastWithWhite(hex) >= contrast(DARK_TEXT, hex) ? '#ffffff' : DARK_TEXT;
}
