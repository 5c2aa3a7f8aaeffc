import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageLinks } from '../lib/api';
import { Pagination } from './Pagination';

afterEach(cleanup);

function renderAt(url: string, links: PageLinks) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Pagination links={links} />
    </MemoryRouter>,
  );
}

const middle: PageLinks = {
  previousPage: 2,
  nextPage: 4,
  loopLink: [{ number: 1 }, { number: 2 }, { number: 3, active: true }, { number: 4 }, { number: 5 }],
};

describe('Pagination', () => {
  it('renders a numbered link for each entry of loopLink, marking the active one', () => {
    renderAt('/admin/news?page=3', middle);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    for (const number of [1, 2, 3, 4, 5]) {
      const link = within(nav).getByRole('link', { name: `Page ${number}` });
      expect(link.textContent).toBe(String(number));
      expect(link.getAttribute('aria-current')).toBe(number === 3 ? 'page' : null);
    }
  });

  it('links numbers to ?page=N, page 1 without the parameter, keeping other parameters', () => {
    renderAt('/admin/adminContactUs?name=ann&page=3', middle);
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/admin/adminContactUs?name=ann');
    expect(screen.getByRole('link', { name: 'Page 4' }).getAttribute('href')).toBe('/admin/adminContactUs?name=ann&page=4');
  });

  it('links Previous and Next to the pages the server names', () => {
    renderAt('/admin/news?page=3', middle);
    const previous = screen.getByRole('link', { name: /Previous/ });
    const next = screen.getByRole('link', { name: /Next/ });
    expect(previous.getAttribute('href')).toBe('/admin/news?page=2');
    expect(previous.getAttribute('rel')).toBe('prev');
    expect(next.getAttribute('href')).toBe('/admin/news?page=4');
    expect(next.getAttribute('rel')).toBe('next');
  });

  it('shows Previous disabled, not as a link, on the first page', () => {
    renderAt('/admin/news', { previousPage: null, nextPage: 2, loopLink: [{ number: 1, active: true }, { number: 2 }] });
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    const previous = screen.getByText('Previous').closest('[aria-disabled]');
    expect(previous?.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/admin/news?page=2');
  });

  it('shows Next disabled, not as a link, on the last page', () => {
    renderAt('/admin/news?page=2', { previousPage: 1, nextPage: null, loopLink: [{ number: 1 }, { number: 2, active: true }] });
    expect(screen.queryByRole('link', { name: /Next/ })).toBeNull();
    expect(screen.getByText('Next').closest('[aria-disabled]')?.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/admin/news');
  });

  it('renders nothing for a single page', () => {
    const { container } = renderAt('/admin/news', { previousPage: null, nextPage: null, loopLink: [{ number: 1, active: true }] });
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('renders nothing for an empty list or a search result without links', () => {
    const { container } = renderAt('/admin/news?title=x', { previousPage: null, nextPage: null, loopLink: [] });
    expect(container.innerHTML).toBe('');
  });

  it('still offers Previous on a page past the end, where the window is empty', () => {
    renderAt('/admin/news?page=9', { previousPage: 8, nextPage: null, loopLink: [] });
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/admin/news?page=8');
  });
});
