/**
 * `text` as an ILIKE pattern (used with `ESCAPE '\'`) that matches it anywhere, with `%`, `_` and
 * `\` matching themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
