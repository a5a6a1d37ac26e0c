// SPEC §4 / §9 toasts: 4 s blank and error, 2 s success, unlimited loading, at most 20, removal 1 s after
// dismissal. Fake time drives every lifetime.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATIONS_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../constants';
import { TOAST_OPTIONS } from './toast-options';
import { showToast } from './toast-region';
import { ToastViewport, toast } from './toast-viewport';

let toasterCounter = 0;
let toasterId = '';

beforeEach(() => {
  vi.useFakeTimers();
  toasterCounter += 1;
  toasterId = `toaster-test-${toasterCounter}`;
});

afterEach(() => {
  act(() => toast.remove(undefined, toasterId));
  cleanup();
  vi.useRealTimers();
});

function renderViewport() {
  const view = render(<ToastViewport toasterId={toasterId} helpLinkText="Learn more" />);
  const toastElement = (text: string) =>
    [...view.container.querySelectorAll<HTMLElement>('[data-toast-type]')].find(
      (el) => el.textContent === text,
    ) ?? null;
  return { ...view, toastElement };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toast constants', () => {
  it('are the SPEC §9 values, set explicitly', () => {
    expect(TOAST_DURATIONS_MS).toEqual({
      blank: 4000,
      error: 4000,
      success: 2000,
      loading: Number.POSITIVE_INFINITY,
    });
    expect(TOAST_LIMIT).toBe(20);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1000);
    expect(TOAST_OPTIONS).toEqual({
      removeDelay: 1000,
      blank: { duration: 4000 },
      error: { duration: 4000 },
      success: { duration: 2000 },
      loading: { duration: Number.POSITIVE_INFINITY },
    });
  });
});

describe('toast lifetimes', () => {
  it.each([
    ['blank', 4000],
    ['error', 4000],
    ['success', 2000],
  ] as const)('a %s toast is dismissed after %i ms and removed 1 s later', (kind, duration) => {
    const { toastElement } = renderViewport();
    act(() => {
      if (kind === 'blank') toast('Hello', { toasterId });
      else toast[kind]('Hello', { toasterId });
    });
    expect(toastElement('Hello')?.dataset.visible).toBe('true');
    expect(toastElement('Hello')?.dataset.toastType).toBe(kind);
    advance(duration - 1);
    expect(toastElement('Hello')?.dataset.visible).toBe('true');
    advance(1);
    expect(toastElement('Hello')?.dataset.visible).toBe('false');
    expect(toastElement('Hello')?.getAttribute('aria-hidden')).toBe('true');
    advance(TOAST_REMOVE_DELAY_MS - 1);
    expect(toastElement('Hello')).not.toBeNull();
    advance(1);
    expect(toastElement('Hello')).toBeNull();
  });

  it('a loading toast stays until dismissed, then goes 1 s later', () => {
    const { toastElement } = renderViewport();
    let id = '';
    act(() => {
      id = toast.loading('Working', { toasterId });
    });
    advance(60 * 60 * 1000);
    expect(toastElement('Working')?.dataset.visible).toBe('true');
    act(() => toast.dismiss(id, toasterId));
    expect(toastElement('Working')?.dataset.visible).toBe('false');
    advance(TOAST_REMOVE_DELAY_MS);
    expect(toastElement('Working')).toBeNull();
  });

  it('keeps at most 20 toasts', () => {
    const { container } = renderViewport();
    act(() => {
      for (let index = 0; index < 25; index += 1) toast(`Toast ${index}`, { toasterId });
    });
    const visible = container.querySelectorAll('[data-toast-type][data-visible="true"]');
    expect(visible).toHaveLength(TOAST_LIMIT);
    // The newest are kept.
    expect(visible[0]?.textContent).toBe('Toast 24');
  });

  it('renders links in a toast message as anchors and markup as text', () => {
    const { container } = renderViewport();
    act(() => {
      toast.error('<b>Failed</b>, see https://gatehouse.dev/docs/x', { toasterId });
    });
    const item = container.querySelector('[data-toast-type="error"]')!;
    expect(item.querySelector('b')).toBeNull();
    expect(item.querySelector('a')?.getAttribute('href')).toBe('https://gatehouse.dev/docs/x');
    expect(item.textContent).toBe('<b>Failed</b>, see https://gatehouse.dev/docs/x');
  });

  it('showToast loads react-hot-toast and sends the toast to the given toaster only', async () => {
    const { toastElement } = renderViewport();
    await act(async () => {
      await showToast({ toasterId, kind: 'success', message: 'Email resent' });
      await showToast({ toasterId: `${toasterId}-other`, kind: 'error', message: 'Elsewhere' });
    });
    expect(toastElement('Email resent')?.dataset.toastType).toBe('success');
    expect(toastElement('Elsewhere')).toBeNull();
    act(() => toast.remove(undefined, `${toasterId}-other`));
  });
});
