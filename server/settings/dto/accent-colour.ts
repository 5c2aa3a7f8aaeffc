import { ValidateBy, type ValidationArguments } from 'class-validator';

/** White text must reach this contrast on the accent colour (WCAG AA for normal text). */
export const MIN_CONTRAST = 4.5;

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

/** `2.8:1` (rounded down, so a colour just under the bar never reads as 4.5:1). */
function ratio(contrast: number): string {
  return `${Math.floor(contrast * 10) / 10}:1`;
}

/** Refuses a `#rrggbb` colour under which white text falls below MIN_CONTRAST (an empty value passes). */
export function ReadableUnderWhite() {
  return ValidateBy({
    name: 'readableUnderWhite',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || value === '' || contrastWithWhite(value) >= MIN_CONTRAST,
      defaultMessage: (args?: ValidationArguments) =>
        `White text on ${String(args?.value)} has a contrast of only ${ratio(contrastWithWhite(String(args?.value)))}; choose a darker accent colour (at least ${MIN_CONTRAST}:1)`,
    },
  });
}
