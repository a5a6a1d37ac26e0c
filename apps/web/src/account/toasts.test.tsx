import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRINGS } from '../strings';
import { APP_TOAST_DURATION_MS, AppToasts, useToast } from './toasts';

function Trigger({ message }: { message: string }) {
  const notify = useToast();
  return (
    <button type="button" onClick={() => notify(message)}>
      notify
    </button>
  );
}

describe('the app toasts (SPEC §9: auto-close after 5000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('pins the duration', () => {
    expect(APP_TOAST_DURATION_MS).toBe(5000);
  });

  it('announces a toast in a polite live region and closes it after exactly 5000 ms', () => {
    render(
      <AppToasts>
        <Trigger message="Saved." />
      </AppToasts>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(region.textContent).toContain('Saved.');
    act(() => vi.advanceTimersByTime(APP_TOAST_DURATION_MS - 1));
    expect(region.textContent).toContain('Saved.');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).not.toContain('Saved.');
  });

  it('each toast keeps its own 5 s; the dismiss button closes one at once', () => {
    render(
      <AppToasts>
        <Trigger message="First." />
        <Trigger message="Second." />
      </AppToasts>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'notify' });
    fireEvent.click(first!);
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(second!);
    act(() => vi.advanceTimersByTime(2000));
    const region = screen.getByRole('status');
    expect(region.textContent).not.toContain('First.');
    expect(region.textContent).toContain('Second.');
    fireEvent.click(screen.getByRole('button', { name: STRINGS.account.dismissToast('Second.') }));
    expect(region.textContent).not.toContain('Second.');
  });

  it('useToast outside <AppToasts> is a programming error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow('useToast needs an <AppToasts> above it');
  });
});
