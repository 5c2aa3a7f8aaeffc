/**
 * The header and footer menus as Settings → Navigation edits them (GET and PUT
 * /api/settings/navigation): the rules the editor applies before the server judges.
 */

/** Where a menu item leads: a page, one of the site's own screens, or an https:// address. */
export type NavTarget = { kind: 'page'; id: string } | { kind: 'home' | 'services' | 'news' | 'contact' } | { kind: 'url'; url: string };

export interface NavItem {
  /** The item's id as the server gave it (absent on a new item): its labels in other languages stay with it. */
  id?: string;
  label: string;
  target: NavTarget;
}

export type MenuName = 'header' | 'footer';

/** The header holds at most this many items (the limit; the server says the same). */
export const HEADER_LIMIT = 8;

/** The site's own screens a menu item may lead to, in the order the target select offers them. */
export const SITE_TARGETS = [
  { kind: 'home', name: 'Home page' },
  { kind: 'services', name: 'Services' },
  { kind: 'news', name: 'News' },
  { kind: 'contact', name: 'Contact' },
] as const;

/** The list with the item at `from` moved to `to` (both kept within the list); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** What is wrong with a typed address, or null when it is an https:// address with a host. */
export function checkUrl(url: string): string | null {
  const typed = url.trim();
  if (!typed) return 'Enter the address, starting with https://';
  let parsed: URL;
  try {
    parsed = new URL(typed);
  } catch {
    return 'Enter a whole address, such as https://example.com';
  }
  if (parsed.protocol !== 'https:') return 'Only https:// addresses can be linked';
  if (!parsed.hostname) return 'Enter a whole address, such as https://example.com';
  return null;
}

/** The editor's own checks of one item, as `{ field: message }` (the server's names: `label`, `target.url`). */
export function checkItem(item: NavItem): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!item.label.trim()) problems.label = 'Enter the text the link shows';
  if (item.target.kind === 'url') {
    const problem = checkUrl(item.target.url);
    if (problem) problems['target.url'] = problem;
  }
  return problems;
}

/** Every problem of both menus, keyed as the server keys them (`header.0.label`, `footer.2.target.url`). */
export function checkMenus(menus: Record<MenuName, NavItem[]>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const menu of ['header', 'footer'] as const) {
    if (menu === 'header' && menus.header.length > HEADER_LIMIT) problems.header = `The header holds at most ${HEADER_LIMIT} links`;
    menus[menu].forEach((item, index) => {
      for (const [field, message] of Object.entries(checkItem(item))) problems[`${menu}.${index}.${field}`] = message;
    });
  }
  return problems;
}

/**
 * A field error's key as the editor names it: the server may write `header[0].target.url` or
 * `header.0.target.url`; both read `header.0.target.url`.
 */
export function normalizeFieldKey(key: string): string {
  return key.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

/** The select's value for a target: a site screen's kind, `page:<id>`, or `url`. */
export function targetChoice(target: NavTarget): string {
  if (target.kind === 'page') return `page:${target.id}`;
  return target.kind;
}

/** The target a select's value names (an address keeps the one typed so far). */
export function targetOf(choice: string, previous: NavTarget): NavTarget {
  if (choice.startsWith('page:')) return { kind: 'page', id: choice.slice('page:'.length) };
  if (choice === 'url') return { kind: 'url', url: previous.kind === 'url' ? previous.url : 'https://' };
  return { kind: choice as 'home' | 'services' | 'news' | 'contact' };
}

/** A page as the editor knows it: what the site shows of it now. */
export interface PageChoice {
  id: string;
  title: string;
  status: 'draft' | 'published';
  publishAt: string | null;
}

/** Whether a visitor sees the page now: published, and its publishing time (if any) passed. */
export function isLive(page: PageChoice, now: number): boolean {
  return page.status === 'published' && (!page.publishAt || new Date(page.publishAt).getTime() <= now);
}

export const LEFT_OUT = 'This page is not published, so the site leaves it out';

/**
 * Why the site leaves an item out of its menu, or null when it shows it: its page is a draft,
 * scheduled, or gone (in the trash, or deleted; the site never links a 404).
 */
export function leftOut(target: NavTarget, pages: readonly PageChoice[], now: number): string | null {
  if (target.kind !== 'page') return null;
  const page = pages.find((candidate) => candidate.id === target.id);
  return page && isLive(page, now) ? null : LEFT_OUT;
}
