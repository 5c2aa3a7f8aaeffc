/*
 * The accent colour's arithmetic, for the Settings screen's live advice. The server refuses the
 * same colours by the same rule (server/settings/dto/accent-colour.ts: white text on the accent,
 * and the accent as text on the white page, at least 4.5:1); test/unit/colour.spec.ts holds the
 * two to one answer.
 */

/** Text on the accent, and the accent as text, must reach this contrast (WCAG AA for normal text). */
export const MIN_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

/** A whole `#rrggbb` colour (what the field accepts besides empty). */
export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

/** A colour's relative luminance, by WCAG 2's definition, from `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on `#rrggbb` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** Whether the site can use `#rrggbb` as its accent: white text reads on it, and it reads as text on white. */
export function readableAccent(hex: string): boolean {
  return contrastWithWhite(hex) >= MIN_CONTRAST;
}

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

/**
 * The nearest shade of `#rrggbb` the site can use: the same hue and saturation, darkened just
 * enough (the lightest lightness that passes; darker only lowers luminance). A colour that passes
 * is its own answer.
 */
export function nearestReadableShade(hex: string): string {
  const colour = hex.toLowerCase();
  if (readableAccent(colour)) return colour;
  const [h, s, l] = toHsl(colour);
  let low = 0;
  let high = l;
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (readableAccent(fromHsl(h, s, mid))) low = mid;
    else high = mid;
  }
  // Rounding to whole channels can tip a shade back under the bar: step down until it passes.
  let shade = fromHsl(h, s, low);
  for (let step = low; !readableAccent(shade) && step > 0; step -= 1 / 255) shade = fromHsl(h, s, Math.max(0, step));
  return shade;
}
