// The paging rules the list screens and the Pagination bar follow, kept free of React and the
// router so they can be tested as plain functions (test/unit/pages.spec.ts).
import type { components } from './api-types';

/** The API's paging links (`ApiSchema<'PageLinks'>`, named here without api.ts and its browser-only parts). */
type PageLinks = components['schemas']['PageLinks'];

/**
 * The one writer of `?page`: a copy of the query with the page set, page 1 (the default) by
 * leaving the parameter out. Links, a delete that steps back a page and a search that starts over
 * at page 1 all go through it.
 */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** The page a `?page=` value asks for: a whole number from 1, anything else (missing, `abc`, `0`, `2.5`) page 1. */
export function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Whether the server's links call for a bar at all: more than one number, or a step either way. */
export function hasPages(links: PageLinks): boolean {
  return links.loopLink.length > 1 || Boolean(links.previousPage) || Boolean(links.nextPage);
}

/** The page the server marks as the current one, if it names one. */
export function currentPage(links: PageLinks): number | undefined {
  return links.loopLink.find((link) => link.active)?.number;
}
