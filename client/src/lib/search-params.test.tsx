import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnSearch, useSearchParamText } from './search-params';

describe('returnSearch', () => {
  it('returns a list query handed over in navigation state, and nothing else', () => {
    expect(returnSearch({ returnTo: '?page=3' })).toBe('?page=3');
    expect(returnSearch({ returnTo: 'https://elsewhere.example' })).toBe('');
    expect(returnSearch(null)).toBe('');
  });
});

function SearchBox() {
  const [text, setText, inUrl] = useSearchParamText('name');
  const location = useLocation();
  return (
    <>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <output aria-label="In URL">{inUrl}</output>
      <output aria-label="Query">{location.search}</output>
    </>
  );
}

describe('useSearchParamText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('writes the trimmed text to the URL after a pause, back at page 1, keeping what is typed', () => {
    render(
      <MemoryRouter initialEntries={['/admin/adminContactUs?page=3&x=1']}>
        <SearchBox />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Ada ' } });
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByLabelText('Query').textContent).toBe('?page=3&x=1');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByLabelText('Query').textContent).toBe('?x=1&name=Ada');
    expect(screen.getByLabelText('In URL').textContent).toBe('Ada');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Ada ');
  });

  it('keeps a key typed while the URL catches up with the previous pause', () => {
    render(
      <MemoryRouter initialEntries={['/admin/news']}>
        <SearchBox />
      </MemoryRouter>,
    );
    const box = screen.getByLabelText('Search') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Ad' } });
    // The pause ends and "Ad" goes to the URL while "a" is being typed, before the page re-renders.
    act(() => {
      vi.advanceTimersByTime(300);
      fireEvent.change(box, { target: { value: 'Ada' } });
    });
    expect(screen.getByLabelText('Query').textContent).toBe('?name=Ad');
    expect(box.value).toBe('Ada');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByLabelText('Query').textContent).toBe('?name=Ada');
    expect(box.value).toBe('Ada');
  });

  it('refills the box when the URL changes from outside (Back)', () => {
    function BackButton() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/admin/news?name=Bob', '/admin/news?name=Ann']} initialIndex={1}>
        <SearchBox />
        <BackButton />
      </MemoryRouter>,
    );
    const box = screen.getByLabelText('Search') as HTMLInputElement;
    expect(box.value).toBe('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(box.value).toBe('Bob');
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByLabelText('Query').textContent).toBe('?name=Bob');
  });

  it('starts from the URL and removes the parameter when the box is emptied', () => {
    render(
      <MemoryRouter initialEntries={['/admin/adminContactUs?name=Bob']}>
        <SearchBox />
      </MemoryRouter>,
    );
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Bob');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByLabelText('Query').textContent).toBe('');
  });
});
