import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotDiff, TextDiff } from './RevisionDiff';

afterEach(cleanup);

const FIELDS = [
  { name: 'title', label: 'Title', type: 'text' as const },
  { name: 'about', label: 'About', type: 'text' as const },
  { name: 'photo', label: 'Photo', type: 'photo' as const },
];

describe('TextDiff', () => {
  it('strikes the deleted word on the left, underlines the inserted one on the right, each named for a screen reader', () => {
    const { container } = render(<TextDiff before="We opened today" after="We closed today" />);
    const [left, right] = container.querySelectorAll('.diff__side');
    expect(left.querySelector('del')?.textContent).toBe('deleted: opened');
    expect(left.querySelector('ins')).toBeNull();
    expect(right.querySelector('ins')?.textContent).toBe('inserted: closed');
    expect(right.querySelector('del')).toBeNull();
    expect(left.textContent).toBe('We deleted: opened today');
    expect(right.querySelector('.visually-hidden')?.textContent).toBe('inserted: ');
  });
});

describe('SnapshotDiff', () => {
  const before = { title: 'Opening', about: 'Same', photo: '/uploads/news/a.webp' };
  const after = { title: 'Grand opening', about: 'Same', photo: '/uploads/news/b.webp' };

  it('shows only the changed fields when asked, the two photos side by side', () => {
    render(
      <SnapshotDiff
        fields={FIELDS}
        before={before}
        after={after}
        beforeLabel="#1"
        afterLabel="#2"
        changedOnly
        photoUrl={(path) => `http://api${path}`}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /About/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo, #1' }).getAttribute('src')).toBe('http://api/uploads/news/a.webp');
    expect(screen.getByRole('img', { name: 'Photo, #2' }).getAttribute('src')).toBe('http://api/uploads/news/b.webp');
  });

  it('shows every field when not asked otherwise, the unchanged ones said so', () => {
    render(<SnapshotDiff fields={FIELDS} before={before} after={after} beforeLabel="#1" afterLabel="#2" changedOnly={false} />);
    expect(screen.getByRole('heading', { name: /^About\s*\(unchanged\)$/ })).toBeTruthy();
  });

  it('says so when nothing changed', () => {
    render(<SnapshotDiff fields={FIELDS} before={before} after={before} beforeLabel="#1" afterLabel="#2" changedOnly />);
    expect(screen.getByText('No fields changed.')).toBeTruthy();
  });
});
