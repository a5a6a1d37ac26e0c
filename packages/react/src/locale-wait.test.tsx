// Issue 27 item 2: a widget in another language waits, invisible, for its locale's chunk — but never for ever. A chunk
// that hangs (here: a loader that never answers) leaves the form in English after LOCALE_WAIT_MS, and the form is
// usable, not an empty box.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { LOCALE_WAIT_MS } from './locale';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';

vi.mock('./locales/load', () => ({ loadTable: () => new Promise(() => undefined) }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('shows the form in English when the locale chunk does not arrive in time', async () => {
  vi.useFakeTimers();
  const view = render(
    <GatehouseProvider client={createFakeClient()}>
      <Login locale="fr" />
    </GatehouseProvider>,
  );
  const root = view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  expect(root.getAttribute('aria-busy')).toBe('true');
  await act(async () => {
    vi.advanceTimersByTime(LOCALE_WAIT_MS - 1);
  });
  expect(root.getAttribute('aria-busy')).toBe('true');
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
  expect(root.hasAttribute('aria-busy')).toBe(false);
  expect(root.getAttribute('lang')).toBe('fr');
  expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
});
