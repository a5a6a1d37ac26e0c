// Issue 27 item 2: a widget in another language waits, invisible, for its locale's chunk — but never for ever. A chunk
// that hangs (here: the French chunk, whose import never answers) leaves the form in English after LOCALE_WAIT_MS, and the form is
// usable, not an empty box.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { LOCALE_WAIT_MS } from './locales/load';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';

// The French chunk never arrives (its import hangs).
vi.mock('./locales/fr', () => new Promise(() => undefined));

afterEach(() => {
  cleanup();
});

it('shows the form in English when the locale chunk does not arrive in time', async () => {
  const started = Date.now();
  const view = render(
    <GatehouseProvider client={createFakeClient()}>
      <Login locale="fr" />
    </GatehouseProvider>,
  );
  const root = view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  expect(root.getAttribute('aria-busy')).toBe('true');
  // Real time (the timer starts once the loader chunk is in, which fake timers cannot tell apart).
  await waitFor(() => expect(root.hasAttribute('aria-busy')).toBe(false), { timeout: LOCALE_WAIT_MS + 3000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(LOCALE_WAIT_MS - 50);
  expect(root.getAttribute('lang')).toBe('fr');
  expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
});
