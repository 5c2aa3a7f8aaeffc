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
 * - headings move down two levels (`#` is an h3), under the page's h1 and its About h2.
 */
const markdown = new MarkdownIt('commonmark', { html: false, xhtmlOut: false, breaks: true, linkify: false });
markdown.validateLink = isSafeLink;
markdown.disable('image');
const HEADING_SHIFT = 2;
const shiftHeading: (typeof markdown.renderer.rules)[string] = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT)}`;
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.heading_open = shiftHeading;
markdown.renderer.rules.heading_close = shiftHeading;

/** An article's About text as HTML, safe to place in a page as it is. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
