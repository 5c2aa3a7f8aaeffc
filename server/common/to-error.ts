/** Callback APIs (passport, express-session) hand back `any`; a rejected promise should carry an Error. */
export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
