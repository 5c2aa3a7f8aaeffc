import { cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWritingFlow } from './WritingFlow';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const sitePath = (slug: string) => `/${slug}`;
const typed = { title: 'About us', status: 'draft' as const, publishAt: '' };

describe('useWritingFlow', () => {
  it('names the item in each save’s toast', () => {
    const { result } = renderHook(() => useWritingFlow({ noun: 'Page', sitePath }));
    const page = { draft: false as const, slug: 'about-us', status: 'published' as const, publishAt: null };
    expect(
      result.current.saved({ draft: false, slug: 'about-us', status: 'draft', publishAt: null }, { created: true, lastMode: 'live' })
        .message,
    ).toBe('Page created');
    expect(result.current.saved(page, { created: false, lastMode: 'live' }).message).toBe('Page updated');
    expect(result.current.saved(page, { created: false, lastMode: 'publish' }).message).toBe('Changes published');
    expect(result.current.saved({ draft: true }, { created: false, lastMode: 'draft' }).message).toBe('Draft saved');
  });

  it('Publish… now sends the form once as published, and the toast says so; Unpublish makes it a draft again', async () => {
    const { result } = renderHook(() => useWritingFlow({ noun: 'Page', sitePath }));
    const form = createRef<HTMLFormElement>();
    const sent: unknown[] = [];
    const drafts = { submitAs: vi.fn(), lastMode: () => 'live' };
    const view = (live?: { slug: string; status: 'draft' | 'published'; publishAt: string | null }) => (
      <form
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          sent.push(result.current.apply(typed));
        }}
      >
        {result.current.actions({ live, dirty: false, saving: false, form, drafts })}
      </form>
    );
    const { rerender } = render(view({ slug: 'about-us', status: 'draft', publishAt: null }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Now' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(sent).toEqual([{ ...typed, status: 'published', publishAt: '' }]);
    const published = { draft: false as const, slug: 'about-us', status: 'published' as const, publishAt: null };
    expect(result.current.saved(published, { created: false, lastMode: 'live' }).message).toBe('Page published');
    // The state change was the last save's only: the next one sends what is typed.
    expect(result.current.apply(typed)).toEqual(typed);

    rerender(view({ slug: 'about-us', status: 'published', publishAt: null }));
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(sent.at(-1)).toEqual({ ...typed, status: 'draft', publishAt: '' });
    expect(result.current.saved({ ...published, status: 'draft' }, { created: false, lastMode: 'live' }).message).toBe(
      'Page unpublished: it is a draft again',
    );
  });

  it('Preview of an unchanged item opens its page at the preview’s address; of a changed published one, saves into its working copy first', async () => {
    const { result } = renderHook(() => useWritingFlow({ noun: 'News', sitePath: (slug) => `/news/${slug}` }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const form = createRef<HTMLFormElement>();
    const drafts = { submitAs: vi.fn(), lastMode: () => 'draft' };
    const live = { slug: 'opening', status: 'published' as const, publishAt: null };
    const { rerender } = render(<form ref={form}>{result.current.actions({ live, dirty: false, saving: false, form, drafts })}</form>);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Preview/ }));
    expect(open).toHaveBeenCalledWith('/admin/preview/news/opening', '_blank', 'noopener');
    expect(drafts.submitAs).not.toHaveBeenCalled();

    rerender(<form ref={form}>{result.current.actions({ live, dirty: true, saving: false, form, drafts })}</form>);
    await user.click(screen.getByRole('button', { name: /^Preview/ }));
    expect(drafts.submitAs).toHaveBeenCalledWith('draft', form.current);
  });
});
