// An article's Markdown (server/common/markdown.ts): safe links, no raw HTML, a gap-free heading outline.
import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from '../../server/common/markdown';

const headings = (html: string) => [...html.matchAll(/<(h\d)>/g)].map((match) => match[1]);

describe('renderMarkdown headings', () => {
  it("puts `#` under the page's About h2: # is h3, ## h4", () => {
    expect(headings(renderMarkdown('# One\n\n## Two\n\n# Three'))).toEqual(['h3', 'h4', 'h3']);
  });

  it('never skips a level: a text starting at ###, or going from # to ###, stays gap-free', () => {
    expect(headings(renderMarkdown('### Deep first\n\n#### Deeper'))).toEqual(['h3', 'h4']);
    expect(headings(renderMarkdown('# Top\n\n### Jump'))).toEqual(['h3', 'h4']);
  });

  it('stops at h6', () => {
    expect(headings(renderMarkdown('# 1\n\n## 2\n\n### 3\n\n#### 4\n\n##### 5'))).toEqual(['h3', 'h4', 'h5', 'h6', 'h6']);
  });

  it('closes each heading with its own level', () => {
    expect(renderMarkdown('## Title')).toBe('<h3>Title</h3>\n');
  });
});

describe('renderMarkdown safety', () => {
  it('shows raw HTML as text', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });

  it('keeps a link with a refused scheme as its source text', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('<a');
    expect(renderMarkdown('[x](https://example.com)')).toContain('<a href="https://example.com">x</a>');
  });

  it('renders no image', () => {
    expect(renderMarkdown('![alt](https://example.com/a.png)')).not.toContain('<img');
  });

  it('keeps a single line break', () => {
    expect(renderMarkdown('one\ntwo')).toBe('<p>one<br>\ntwo</p>\n');
  });
});

describe('isSafeLink', () => {
  it.each(['https://example.com', 'HTTP://example.com', 'mailto:a@example.com', '/news/1', '#top', 'page.html'])('allows %j', (url) => {
    expect(isSafeLink(url)).toBe(true);
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x'])('refuses %j', (url) => {
    expect(isSafeLink(url)).toBe(false);
  });
});
