import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { AutosaveTimer, conflictOf, diffText, draftToOpen, type Draft } from './revisions';

describe('diffText', () => {
  it('marks a changed word as one deletion and one insertion, the rest unchanged', () => {
    expect(diffText('We opened today.', 'We closed today.')).toEqual([
      { type: 'same', text: 'We ' },
      { type: 'del', text: 'opened' },
      { type: 'ins', text: 'closed' },
      { type: 'same', text: ' today.' },
    ]);
  });

  it('gives one unchanged part for equal texts, and one insertion from nothing', () => {
    expect(diffText('Same', 'Same')).toEqual([{ type: 'same', text: 'Same' }]);
    expect(diffText('', 'New text')).toEqual([{ type: 'ins', text: 'New text' }]);
  });
});

describe('conflictOf', () => {
  it('reads the current copy, who and when from a 409 on a stale version', () => {
    const body = {
      error: { version: { msg: 'Someone else saved this article since you opened it' } },
      current: { id: '1', version: 4 },
      changedBy: { id: 'a', name: 'Ann' },
      changedAt: '2026-11-26T14:05:00.000Z',
    };
    expect(conflictOf(new ApiError(409, body.error, body))).toEqual({
      message: 'Someone else saved this article since you opened it',
      current: { id: '1', version: 4 },
      changedBy: { id: 'a', name: 'Ann' },
      changedAt: '2026-11-26T14:05:00.000Z',
    });
  });

  it('is null for another failure, a 409 of another kind (a taken slug) included', () => {
    expect(conflictOf(new ApiError(400, { title: { msg: 'Title is required' } }))).toBeNull();
    const taken = { error: { slug: { msg: 'This web address is taken' } } };
    expect(conflictOf(new ApiError(409, taken.error, taken))).toBeNull();
    expect(conflictOf(new Error('offline'))).toBeNull();
  });
});

describe('draftToOpen', () => {
  const draft = (autosaved: boolean, baseVersion: number): Draft => ({
    snapshot: { title: 'Draft title' },
    version: 3,
    baseVersion,
    updatedAt: '2026-11-26T14:02:00.000Z',
    updatedBy: { id: 'a', name: 'Ann' },
    autosaved,
  });
  const live = { version: 5, updatedAt: '2026-11-26T13:00:00.000Z' };

  it('opens a saved draft, not marked restored', () => {
    expect(draftToOpen(draft(false, 2), live)).toEqual({ draft: draft(false, 2), restored: false });
  });

  it('offers an autosave made from the live version, not one the live copy has moved past', () => {
    expect(draftToOpen(draft(true, 5), live)).toEqual({ draft: draft(true, 5), restored: true });
    expect(draftToOpen(draft(true, 4), live)).toBeNull();
    expect(draftToOpen(null, live)).toBeNull();
  });
});

describe('AutosaveTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, 2 s after the last edit', async () => {
    const save = vi.fn(() => Promise.resolve());
    const timer = new AutosaveTimer(save);
    timer.touch();
    await vi.advanceTimersByTimeAsync(1500);
    timer.touch();
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(timer.pending).toBe(false);
  });

  it('runs one save at a time: an edit during a save saves once more after it', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const timer = new AutosaveTimer(save, 100);
    timer.touch();
    await vi.advanceTimersByTimeAsync(100);
    timer.touch();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(timer.pending).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('hands a due save over when the tab hides (takePending), and has none due after', async () => {
    const save = vi.fn(() => Promise.resolve());
    const timer = new AutosaveTimer(save);
    expect(timer.takePending()).toBe(false);
    timer.touch();
    expect(timer.takePending()).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves nothing more once stopped (a conflict), whatever is typed', async () => {
    const save = vi.fn(() => Promise.resolve());
    const timer = new AutosaveTimer(save);
    timer.touch();
    timer.stop();
    timer.touch();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps going after a failed save', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const timer = new AutosaveTimer(save, 100);
    timer.touch();
    await vi.advanceTimersByTimeAsync(100);
    timer.touch();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
