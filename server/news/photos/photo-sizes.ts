/*
 * Responsive photos: each news photo is stored at its own size (the largest, at most 1600 px on
 * its long edge: the API's `photo`, `/uploads/news/<uuid>.webp`) and, beside it, at each of
 * these widths that is narrower: `/uploads/news/<uuid>-480.webp`, `<uuid>-960.webp`. The page
 * names them all in `srcset`; the browser picks one by `sizes`.
 */

/** The widths stored besides the largest (when narrower than it). */
export const SMALLER_WIDTHS = [480, 960] as const;

/** The smaller widths a photo `width` px wide is stored at. */
export function smallerWidths(width: number): number[] {
  return SMALLER_WIDTHS.filter((target) => target < width);
}

/** `/uploads/news/<uuid>.webp` at `width`: `/uploads/news/<uuid>-<width>.webp`. */
export function sizedPath(path: string, width: number): string {
  return path.replace(/\.webp$/, `-${width}.webp`);
}

/** The paths of every copy of a stored photo that may exist, the largest first (for removing them all). */
export function everySize(path: string): string[] {
  return [path, ...SMALLER_WIDTHS.map((width) => sizedPath(path, width))];
}

/**
 * What a smaller copy's name adds before `.webp`: `-480` or `-960`, those widths only. Not any
 * `-<digits>`: a UUID's last group may be all digits (`…-059878002210.webp` is a photo's own name).
 */
export const SIZE_SUFFIX = `-(?:${SMALLER_WIDTHS.join('|')})`;
const SMALLER_COPY = new RegExp(`${SIZE_SUFFIX}\\.webp$`);

/** Whether a name or path is a smaller copy's (`<uuid>-480.webp`) rather than a stored photo's own. */
export function isSmallerCopy(name: string): boolean {
  return SMALLER_COPY.test(name);
}

/** The stored photo a copy belongs to: `<uuid>-480.webp` → `<uuid>.webp`; a photo's own name as it is. */
export function largestOf(name: string): string {
  return name.replace(SMALLER_COPY, '.webp');
}

/** The `srcset` of a photo whose largest copy is `width` px wide. */
export function srcsetOf(path: string, width: number): string {
  return [...smallerWidths(width).map((target) => `${sizedPath(path, target)} ${target}w`), `${path} ${width}w`].join(', ');
}
