import MarkdownIt from 'markdown-it';

/** Schemes a link in an article may use; a link with any other (javascript:, data:…) stays text. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True for a link without a scheme (relative, #anchor) or with one of SAFE_SCHEMES. */
export function isSafeLink(url: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/**
 * CommonMark (paragraphs, headings, lists, links, emphasis, quotes, code), rendered on the server:
 * - `html: false`: raw HTML in the text is shown as text, never markup;
 * - links are checked by isSafeLink (markdown-it leaves a refused link as its source text);
 * - `breaks: true`: a single line break stays a line break, so the plain texts written before
 *   Markdown read as they did (they were shown with their line breaks);
 * - images are off: the pages only show photos uploaded through the photo pipeline (sized, local);
 * - headings sit under the page's h1 and its About h2 (the outline_headings rule below).
 */
const markdown = new MarkdownIt('commonmark', { html: false, xhtmlOut: false, breaks: true, linkify: false });
markdown.validateLink = isSafeLink;
markdown.disable('image');

/** The level of the page's heading the text sits under (the About h2). */
const PAGE_LEVEL = 2;

/**
 * `#` is an h3, `##` an h4 and so on, except that no heading is more than one level below the one
 * before it: a text that starts with `##`, or goes from `#` to `###`, still gives an outline without
 * gaps (a screen reader's list of headings; Lighthouse and axe check the order).
 */
markdown.core.ruler.push('outline_headings', (state) => {
  const under = (state.env as { under?: number } | undefined)?.under ?? PAGE_LEVEL;
  let previous = under;
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const level = Math.min(6, Number(token.tag.slice(1)) + under, previous + 1);
    token.tag = `h${level}`;
    state.tokens[index + 2].tag = token.tag; // heading_open, its inline content, heading_close
    previous = level;
  });
});

/**
 * An article's About text as HTML, safe to place in a page as it is. `under`: the level of the
 * heading it sits under (an article's About h2; a page's body sits right under its h1, so `#` is an h2).
 */
export function renderMarkdown(text: string, under = PAGE_LEVEL): string {
  return markdown.render(text, { under });
}
