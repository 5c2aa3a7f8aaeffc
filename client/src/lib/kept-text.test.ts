import { afterEach, describe, expect, it } from 'vitest';
import { dropKept, keepText, readKept } from './kept-text';

describe('kept text', () => {
  afterEach(() => localStorage.clear());

  it('keeps, reads and drops a form’s values under its key', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    keepText('news/1/de', { title: 'Zeiten', about: 'Jeden Tag' }, at);
    expect(readKept('news/1/de')).toEqual({ values: { title: 'Zeiten', about: 'Jeden Tag' }, at: at.toISOString() });
    expect(readKept('news/1/fr')).toBeNull();
    dropKept('news/1/de');
    expect(readKept('news/1/de')).toBeNull();
  });

  it('reads nothing from a value that is not its own, and leaves out values that are not text', () => {
    localStorage.setItem('kept-text:a', '{not json');
    expect(readKept('a')).toBeNull();
    localStorage.setItem('kept-text:b', JSON.stringify({ values: 'x', at: 'now' }));
    expect(readKept('b')).toBeNull();
    localStorage.setItem('kept-text:c', JSON.stringify({ values: { title: 'T', n: 1 }, at: 'now' }));
    expect(readKept('c')).toEqual({ values: { title: 'T' }, at: 'now' });
  });
});
