import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useNotify, type Toast } from './Toaster';

afterEach(cleanup);
beforeEach(() => {
  vi.useFakeTimers();
  return () => vi.useRealTimers();
});

/** A button that notifies with the given toast, inside the provider. */
function renderWith(toast: Toast) {
  function Trigger() {
    const notify = useNotify();
    return (
      <button type="button" onClick={() => notify(toast)}>
        Act
      </button>
    );
  }
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  const trigger = screen.getByRole('button', { name: 'Act' });
  trigger.focus();
  fireEvent.click(trigger);
}

const region = () => screen.getByRole('status', { name: 'Notifications' });

describe('ToastProvider and useNotify', () => {
  it('shows the message in a polite live region, without taking focus, and removes it after 5 seconds', () => {
    renderWith({ message: 'Service created' });
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toContain('Service created');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Act' }));
    act(() => vi.advanceTimersByTime(4900));
    expect(region().textContent).toContain('Service created');
    act(() => vi.advanceTimersByTime(200));
    expect(region().textContent).not.toContain('Service created');
  });

  it('waits while the pointer is on the message, and can be closed', () => {
    renderWith({ message: 'News deleted' });
    fireEvent.mouseEnter(screen.getByText('News deleted').parentElement!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(region().textContent).toContain('News deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(region().textContent).not.toContain('News deleted');
  });

  it('offers the optional action, which runs once and closes the message', () => {
    const undo = vi.fn();
    renderWith({ message: 'News deleted', action: { label: 'Undo', onClick: undo } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(region().textContent).not.toContain('News deleted');
  });
});
