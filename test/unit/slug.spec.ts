import { describe, expect, it } from 'vitest';
import { firstFree, MAX_SLUG_LENGTH, SLUG_PATTERN, slugOf } from '../../server/common/slug';

describe('slugOf', () => {
  it('writes a title as lower-case ASCII words joined by single hyphens', () => {
    expect(slugOf('  Hello, World!  ')).toBe('hello-world');
    expect(slugOf('Q3 results -- up 12 & more')).toBe('q3-results-up-12-and-more');
  });

  it('transliterates Latin, Greek and Cyrillic letters', () => {
    expect(slugOf('Crème brûlée à Zürich')).toBe('creme-brulee-a-zurich');
    expect(slugOf('Ελλάδα')).toMatch(SLUG_PATTERN);
    expect(slugOf('Привет мир')).toBe('privet-mir');
  });

  it('gives `article` to a title with nothing that transliterates', () => {
    expect(slugOf('新年快乐')).toBe('article');
    expect(slugOf('!!!')).toBe('article');
  });

  it('cuts a long title at the last word boundary within the limit', () => {
    const title = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const slug = slugOf(title);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(title.toLowerCase().replace(/ /g, '-').startsWith(`${slug}-`)).toBe(true);
  });

  it('cuts a single over-long word at the limit', () => {
    expect(slugOf('a'.repeat(200))).toBe('a'.repeat(MAX_SLUG_LENGTH));
  });

  it('keeps a slug of exactly the limit whole', () => {
    const title = `${'a'.repeat(40)} ${'b'.repeat(MAX_SLUG_LENGTH - 41)}`;
    expect(slugOf(title)).toHaveLength(MAX_SLUG_LENGTH);
  });
});

describe('firstFree', () => {
  it('keeps the base when it is free', () => {
    expect(firstFree('news', new Set(['other']))).toBe('news');
  });

  it('numbers from 2 past the taken ones', () => {
    expect(firstFree('news', new Set(['news']))).toBe('news-2');
    expect(firstFree('news', new Set(['news', 'news-2', 'news-3']))).toBe('news-4');
  });

  it('takes a gap in the numbering', () => {
    expect(firstFree('news', new Set(['news', 'news-3']))).toBe('news-2');
  });
});
