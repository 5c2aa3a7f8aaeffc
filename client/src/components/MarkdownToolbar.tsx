import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { TextAreaField } from './Field';
import { applyMarkdown, shortcutAction, type MarkdownAction, type TextEdit } from './markdown-edit';
import './MarkdownToolbar.css';

/** ⌘ on a Mac, Ctrl elsewhere: the key the shortcuts' titles name. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The toolbar's buttons, in order: what each says (its accessible name), shows, and its shortcut. */
const BUTTONS: { action: MarkdownAction; label: string; icon: string; key?: string }[] = [
  { action: 'heading', label: 'Heading', icon: 'H' },
  { action: 'bold', label: 'Bold', icon: 'B', key: 'B' },
  { action: 'italic', label: 'Italic', icon: 'I', key: 'I' },
  { action: 'list', label: 'Bulleted list', icon: '•' },
  { action: 'link', label: 'Link', icon: '🔗', key: 'K' },
  { action: 'quote', label: 'Quote', icon: '❝' },
];

/**
 * The Markdown formatting buttons above a text (heading, bold, italic, list, link, quote): one
 * toolbar stop in the tab order, the arrow keys, Home and End moving between its buttons (a roving
 * tab index), each button named and, where it has one, its shortcut announced.
 */
export function MarkdownToolbar({
  controls,
  label,
  onAction,
}: {
  controls: string;
  label: string;
  onAction: (action: MarkdownAction) => void;
}) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const last = BUTTONS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (current + 1) % BUTTONS.length
        : event.key === 'ArrowLeft'
          ? (current + last) % BUTTONS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  return (
    <div role="toolbar" aria-label={label} aria-controls={controls} className="markdown-toolbar" onKeyDown={move}>
      {BUTTONS.map(({ action, label: name, icon, key }, index) => (
        <button
          key={action}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          className={`markdown-toolbar__button markdown-toolbar__button--${action}`}
          tabIndex={index === current ? 0 : -1}
          aria-label={name}
          aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
          title={key ? `${name} (${MOD}+${key})` : name}
          onFocus={() => setCurrent(index)}
          // The text keeps its selection: the button never takes it away with a pointer press.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onAction(action)}
        >
          <span aria-hidden="true">{icon}</span>
        </button>
      ))}
    </div>
  );
}

type Bound = Omit<ComponentProps<typeof TextAreaField>, 'onChange' | 'value' | 'above'> & {
  value: string;
  /** useForm's `bind`: called with the new text. */
  onChange: (event: { target: { value: string } }) => void;
};

/**
 * A Markdown text field with its toolbar above the text, and the shortcuts Ctrl/⌘+B (bold),
 * +I (italic) and +K (link) in the text. An action changes the text through `onChange`, as typing
 * does, and selects what it made (the words to type over, a link's address).
 */
export function MarkdownField({ value, onChange, onKeyDown, ...field }: Bound) {
  const id = useId();
  const text = useRef<HTMLTextAreaElement | null>(null);
  // The selection to put back once the changed text has rendered.
  const selection = useRef<TextEdit | null>(null);
  useLayoutEffect(() => {
    const wanted = selection.current;
    if (!wanted || !text.current || text.current.value !== wanted.value) return;
    selection.current = null;
    text.current.focus();
    text.current.setSelectionRange(wanted.selectionStart, wanted.selectionEnd);
  });
  const act = (action: MarkdownAction) => {
    const area = text.current;
    if (!area) return;
    const next = applyMarkdown(action, { value, selectionStart: area.selectionStart, selectionEnd: area.selectionEnd });
    selection.current = next;
    onChange({ target: { value: next.value } });
  };
  return (
    <TextAreaField
      {...field}
      id={id}
      ref={text}
      value={value}
      onChange={onChange}
      onKeyDown={(event) => {
        const action = shortcutAction(event);
        if (action) {
          event.preventDefault();
          act(action);
        }
        onKeyDown?.(event);
      }}
      above={<MarkdownToolbar controls={id} label="Formatting" onAction={act} />}
    />
  );
}
