/** The Markdown toolbar's actions (MarkdownToolbar), each a pure change of the text and its selection. */
export type MarkdownAction = 'heading' | 'bold' | 'italic' | 'list' | 'link' | 'quote';

/** A text field's value and selection, before or after an action. */
export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** What a wrapping action puts around the selection, and the word it selects when nothing is selected. */
const WRAPS = {
  bold: { mark: '**', placeholder: 'bold text' },
  italic: { mark: '_', placeholder: 'italic text' },
} as const;

/** What a line action puts at the start of each selected line. */
const PREFIXES = { heading: '## ', list: '- ', quote: '> ' } as const;

const LINK_PLACEHOLDER = 'link text';
const LINK_URL = 'https://';

/**
 * Applies `action` to the selection of `edit`:
 * - bold and italic wrap it (`**…**`, `_…_`), or unwrap it when it is wrapped already; with
 *   nothing selected they insert a placeholder, selected, to type over;
 * - heading, list and quote put `## `, `- ` or `> ` before each line the selection touches, or
 *   take it away when every one of them has it;
 * - link makes `[text](https://)` with the address selected, to type or paste over.
 */
export function applyMarkdown(action: MarkdownAction, edit: TextEdit): TextEdit {
  if (action === 'bold' || action === 'italic') return wrap(edit, WRAPS[action]);
  if (action === 'link') return link(edit);
  return prefixLines(edit, PREFIXES[action]);
}

function wrap(
  { value, selectionStart: start, selectionEnd: end }: TextEdit,
  { mark, placeholder }: { mark: string; placeholder: string },
): TextEdit {
  const selected = value.slice(start, end);
  // Marks just outside the selection, or inside it at both ends: the action takes them away.
  if (value.slice(start - mark.length, start) === mark && value.slice(end, end + mark.length) === mark) {
    return {
      value: value.slice(0, start - mark.length) + selected + value.slice(end + mark.length),
      selectionStart: start - mark.length,
      selectionEnd: end - mark.length,
    };
  }
  if (selected.length >= mark.length * 2 && selected.startsWith(mark) && selected.endsWith(mark)) {
    const inner = selected.slice(mark.length, -mark.length);
    return { value: value.slice(0, start) + inner + value.slice(end), selectionStart: start, selectionEnd: start + inner.length };
  }
  // Spaces around the selected words stay outside the marks (`** bold**` is not bold in Markdown).
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  const words = selected.trim() || placeholder;
  const before = value.slice(0, start) + selected.slice(0, lead) + mark;
  return {
    value: before + words + mark + selected.slice(selected.length - trail) + value.slice(end),
    selectionStart: before.length,
    selectionEnd: before.length + words.length,
  };
}

function link({ value, selectionStart: start, selectionEnd: end }: TextEdit): TextEdit {
  const text = value.slice(start, end).trim() || LINK_PLACEHOLDER;
  const before = `${value.slice(0, start)}[${text}](`;
  return {
    value: `${before}${LINK_URL})${value.slice(end)}`,
    selectionStart: before.length,
    selectionEnd: before.length + LINK_URL.length,
  };
}

function prefixLines({ value, selectionStart: start, selectionEnd: end }: TextEdit, prefix: string): TextEdit {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends at the start of a line does not take that line in.
  const stop = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const lineEnd = value.indexOf('\n', stop);
  const to = lineEnd === -1 ? value.length : lineEnd;
  const lines = value.slice(from, to).split('\n');
  const remove = lines.every((line) => line.startsWith(prefix));
  // A heading replaces another heading's level rather than stacking (`## ## Title`).
  const bare = (line: string) => (prefix === PREFIXES.heading ? line.replace(/^#{1,6} /, '') : line);
  const changed = lines.map((line) => (remove ? line.slice(prefix.length) : prefix + bare(line)));
  const block = changed.join('\n');
  const firstShift = changed[0].length - lines[0].length;
  return {
    value: value.slice(0, from) + block + value.slice(to),
    // A selection from a line's start takes in its new marks; a caret moves with its text.
    selectionStart: start === from && end > start ? from : Math.max(from, start + firstShift),
    selectionEnd: end + (block.length - (to - from)),
  };
}

/** The action a key press asks for in the text (Ctrl or ⌘ with B, I or K), or null. */
export function shortcutAction(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): MarkdownAction | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  return key === 'b' ? 'bold' : key === 'i' ? 'italic' : key === 'k' ? 'link' : null;
}
