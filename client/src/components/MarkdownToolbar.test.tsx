import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownField } from './MarkdownToolbar';

afterEach(cleanup);

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <MarkdownField label="About" value={value} onChange={(event) => setValue(event.target.value)} />;
}

const text = () => screen.getByLabelText('About') as HTMLTextAreaElement;

describe('MarkdownField', () => {
  it('shows a labelled toolbar that controls the text, one tab stop, with named buttons', () => {
    render(<Editor initial="" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(toolbar.getAttribute('aria-controls')).toBe(text().id);
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Heading', 'Bold', 'Italic', 'Bulleted list', 'Link', 'Quote']);
    expect(screen.getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe('Control+B Meta+B');
  });

  it('makes the selected words bold from the toolbar, and leaves them selected', async () => {
    render(<Editor initial="We opened today" />);
    const user = userEvent.setup();
    text().setSelectionRange(3, 9);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(text().value).toBe('We **opened** today');
    expect(text().value.slice(text().selectionStart, text().selectionEnd)).toBe('opened');
    expect(document.activeElement).toBe(text());
  });

  it('takes Ctrl+I and Ctrl+K in the text', async () => {
    render(<Editor initial="" />);
    const user = userEvent.setup();
    await user.click(text());
    await user.keyboard('{Control>}i{/Control}');
    expect(text().value).toBe('_italic text_');
    await user.keyboard('Hello');
    expect(text().value).toBe('_Hello_');
    await user.keyboard('{End}{Control>}k{/Control}');
    expect(text().value).toBe('_Hello_[link text](https://)');
    expect(text().value.slice(text().selectionStart, text().selectionEnd)).toBe('https://');
  });

  it('moves between its buttons with the arrow keys, Home and End', async () => {
    render(<Editor initial="" />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Heading' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Quote' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Heading' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Quote' }));
    expect(screen.getByRole('button', { name: 'Quote' }).tabIndex).toBe(0);
  });
});
