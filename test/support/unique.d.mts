export function unique(prefix?: string): string;
export function uniqueEmail(prefix?: string): string;
