import { describe, expect, it } from 'vitest';
import { applyMarkdown, shortcutAction, type TextEdit } from './markdown-edit';

/** `a [b] c` → the text with `[`…`]` as the selection (a `|` alone: the caret). */
function at(marked: string): TextEdit {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { value: marked.replace('|', ''), selectionStart: caret, selectionEnd: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), selectionStart: start, selectionEnd: end };
}

/** The edit written back the same way, to compare with one string. */
function show({ value, selectionStart, selectionEnd }: TextEdit): string {
  if (selectionStart === selectionEnd) return `${value.slice(0, selectionStart)}|${value.slice(selectionStart)}`;
  return `${value.slice(0, selectionStart)}[${value.slice(selectionStart, selectionEnd)}]${value.slice(selectionEnd)}`;
}

const run = (action: Parameters<typeof applyMarkdown>[0], marked: string) => show(applyMarkdown(action, at(marked)));

describe('applyMarkdown', () => {
  it('wraps the selection in bold or italic marks, keeping it selected', () => {
    expect(run('bold', 'We [opened] today')).toBe('We **[opened]** today');
    expect(run('italic', 'We [opened] today')).toBe('We _[opened]_ today');
  });

  it('keeps spaces around the selected words outside the marks', () => {
    expect(run('bold', 'We[ opened ]today')).toBe('We **[opened]** today');
  });

  it('with nothing selected inserts a selected placeholder to type over', () => {
    expect(run('bold', 'Hello |')).toBe('Hello **[bold text]**');
    expect(run('italic', '|')).toBe('_[italic text]_');
  });

  it('unwraps a selection that is wrapped already, inside or outside the marks', () => {
    expect(run('bold', 'We **[opened]** today')).toBe('We [opened] today');
    expect(run('bold', 'We [**opened**] today')).toBe('We [opened] today');
    expect(run('italic', 'We _[opened]_ today')).toBe('We [opened] today');
  });

  it('makes a link of the selection with the address selected', () => {
    const edit = applyMarkdown('link', at('See [our prices] now'));
    expect(edit.value).toBe('See [our prices](https://) now');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });

  it('makes a link with a placeholder text when nothing is selected', () => {
    const edit = applyMarkdown('link', at('Go |'));
    expect(edit.value).toBe('Go [link text](https://)');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });

  it('prefixes every line the selection touches with a heading, list or quote mark', () => {
    expect(run('list', 'Intro\n[one\ntwo]\nend')).toBe('Intro\n[- one\n- two]\nend');
    expect(run('quote', 'Intro\nsaid |so')).toBe('Intro\n> said |so');
    expect(run('heading', 'Our |news')).toBe('## Our |news');
  });

  it('takes the marks away again when every line has them', () => {
    expect(run('list', '[- one\n- two]')).toBe('[one\ntwo]');
    expect(run('quote', '> said |so')).toBe('said |so');
  });

  it('replaces another heading level rather than stacking marks', () => {
    expect(run('heading', '# Big |title')).toBe('## Big |title');
  });

  it('leaves out the line a selection ends at the start of', () => {
    expect(run('list', '[one\n]two')).toBe('[- one\n]two');
  });
});

describe('shortcutAction', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it('reads Ctrl or ⌘ with B, I and K as bold, italic and link', () => {
    expect(shortcutAction(key('b', { ctrlKey: true }))).toBe('bold');
    expect(shortcutAction(key('I', { metaKey: true }))).toBe('italic');
    expect(shortcutAction(key('k', { ctrlKey: true }))).toBe('link');
  });

  it('ignores plain keys, other letters and other modifiers', () => {
    expect(shortcutAction(key('b'))).toBeNull();
    expect(shortcutAction(key('x', { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(key('b', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutAction(key('b', { ctrlKey: true, altKey: true }))).toBeNull();
  });
});
