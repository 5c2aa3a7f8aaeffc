import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteStateProvider } from '../lib/site-address';
import { PublicationStatus, PublishControl, publicStateOf } from './PublishControl';

afterEach(cleanup);

/** 2026-11-26 12:00 UTC: the tests' "now". */
const NOW = Date.UTC(2026, 10, 26, 12, 0);

function renderControl(busy = false) {
  const onPublish = vi.fn();
  render(<PublishControl onPublish={onPublish} busy={busy} now={() => NOW} />);
  return { onPublish, user: userEvent.setup() };
}

describe('PublishControl', () => {
  it('opens the choice under its button, Now first, and publishes now with no time', async () => {
    const { onPublish, user } = renderControl();
    const opener = screen.getByRole('button', { name: 'Publish…' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await user.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Now' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(onPublish).toHaveBeenCalledWith(null);
  });

  it('schedules at a date and time on the site clock, its zone named', async () => {
    const { onPublish, user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    await user.click(screen.getByRole('radio', { name: 'Schedule for…' }));
    const time = screen.getByLabelText('Date and time (UTC)');
    expect(screen.getByText("In the site's time zone: UTC.")).toBeTruthy();
    await user.type(time, '2026-11-27T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onPublish).toHaveBeenCalledWith('2026-11-27T09:30:00.000Z');
  });

  it('refuses a missing time or one that is not in the future, in words, and publishes nothing', async () => {
    const { onPublish, user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    await user.click(screen.getByRole('radio', { name: 'Schedule for…' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose the date and time to publish at.');
    await user.type(screen.getByLabelText('Date and time (UTC)'), '2026-11-26T11:59');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a time in the future (UTC).');
    expect(screen.getByLabelText('Date and time (UTC)').getAttribute('aria-invalid')).toBe('true');
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Now' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('radio', { name: 'Now' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Publish…' }));
  });

  it('sends nothing while a save is on its way', async () => {
    const { onPublish, user } = renderControl(true);
    await user.click(screen.getByRole('button', { name: 'Publish…' }));
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(onPublish).not.toHaveBeenCalled();
  });
});

describe('PublicationStatus', () => {
  it('names a draft and offers no link', () => {
    render(<PublicationStatus item={{ status: 'draft', publishAt: null }} href="/news/a" />);
    expect(screen.getByText('Draft: not on the site yet')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names a scheduled article with its time in the site zone, and links to its page at the preview’s address (visitors do not see it yet)', () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    render(<PublicationStatus item={{ status: 'published', publishAt: later }} href="/news/a" />);
    expect(screen.getByText(/^Scheduled for/).textContent).toMatch(/UTC$/);
    expect(screen.getByRole('link', { name: /View on site/ }).getAttribute('href')).toBe('/admin/preview/news/a');
  });

  it('links a published article to its visitors’ address, or to the preview’s while maintenance is on', () => {
    const published = { status: 'published' as const, publishAt: null };
    const { unmount } = render(<PublicationStatus item={published} href="/news/a" />);
    expect(screen.getByRole('link', { name: /View on site/ }).getAttribute('href')).toBe('/news/a');
    unmount();
    render(
      <SiteStateProvider maintenance>
        <PublicationStatus item={published} href="/news/a" />
      </SiteStateProvider>,
    );
    expect(screen.getByRole('link', { name: /View on site/ }).getAttribute('href')).toBe('/admin/preview/news/a');
  });

  it('tells the states apart', () => {
    expect(publicStateOf({ status: 'draft', publishAt: '2020-01-01T00:00:00.000Z' }, NOW)).toBe('draft');
    expect(publicStateOf({ status: 'published', publishAt: null }, NOW)).toBe('published');
    expect(publicStateOf({ status: 'published', publishAt: '2026-11-26T11:00:00.000Z' }, NOW)).toBe('published');
    expect(publicStateOf({ status: 'published', publishAt: '2026-11-26T13:00:00.000Z' }, NOW)).toBe('scheduled');
  });
});
