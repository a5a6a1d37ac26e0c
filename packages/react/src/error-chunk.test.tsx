// A failure waits for the error chunk (error-chunk.ts), but not forever: when the chunk hangs (a stalled connection),
// the failure shows after ERROR_CHUNK_WAIT_MS without it — the fallback message, as plain text — rather than never.
import { APIError } from '@gatehouse/sdk';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ERROR_CHUNK_WAIT_MS } from './error-chunk';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';

vi.mock('./error-strings', () => new Promise(() => {}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('shows the failure without the chunk once it has waited long enough for it', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const client = createFakeClient();
  client.loginOrCreateImpl = async () => {
    throw new APIError({
      status_code: 409,
      error_type: 'duplicate_email',
      error_message: 'A user with this email already exists … of this project.',
      error_url: '',
    });
  };
  render(
    <GatehouseProvider client={client}>
      <Login />
    </GatehouseProvider>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
  expect(client.calls.loginOrCreate).toHaveLength(1);
  // The call has failed; the chunk is on its way: the form stays busy.
  expect(document.querySelector('form[aria-busy="true"]')).not.toBeNull();
  expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  await act(() => vi.advanceTimersByTimeAsync(ERROR_CHUNK_WAIT_MS));
  // Once: the banner does not wait for it a second time (no more time passes here).
  await act(async () => {});
  const message = screen.getByText('Something went wrong. Please try again.');
  expect(message.closest('[role="status"]')).not.toBeNull();
  expect(document.body.textContent).not.toContain('of this project');
  expect(document.querySelector('form[aria-busy="true"]')).toBeNull();
});
