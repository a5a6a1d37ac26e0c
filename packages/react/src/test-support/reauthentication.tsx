// Issue 20 item 3: shared set-up of the "Confirm it's you" component tests (reauthentication/*.test.tsx): a signed-in
// user whose passkey deletion answers 403 until a secondary sign-in confirmed, and the way to the open step.
import type { User, WebAuthnRegistration } from '@gatehouse/protocol';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { LoginConfig } from '../config';
import { PasskeyRegistration, type PasskeyRegistrationProps } from '../passkey-registration';
import { GatehouseProvider } from '../provider';
import { REAUTHENTICATION_STRINGS as TEXT } from '../reauthentication/reauthentication-strings';
import { apiError, createFakeClient, type FakeClient, fakeUser } from './fake-client';

export function registration(id: string, name: string): WebAuthnRegistration {
  return {
    webauthn_registration_id: id,
    name,
    domain: 'localhost',
    user_agent: 'test',
    authenticator_type: 'platform',
    verified: true,
  };
}

export const PASSKEYS = [registration('wr-1', 'MacBook'), registration('wr-2', 'Pixel')];
export const VERIFIED_EMAIL = { email_id: 'email-1', email: 'ada@example.com', verified: true };
export const ALL_PRODUCTS: LoginConfig = {
  products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys'],
  otpOptions: { methods: ['email'] },
  sessionOptions: { sessionDurationMinutes: 45 },
};

export const RECENT_SIGN_IN_NEEDED = () =>
  apiError({
    error_type: 'reauthentication_required',
    error_message:
      'For your security, confirm it is you: this change needs a sign-in within the last 10 minutes.',
    status_code: 403,
  });

/** A user with the given credentials; the delete answers reauthentication_required until a sign-in confirmed. */
export function clientFor(overrides: Partial<User>, options: { reason?: string } = {}): FakeClient {
  const client = createFakeClient({
    user: fakeUser({ emails: [VERIFIED_EMAIL], webauthn_registrations: PASSKEYS, ...overrides }),
  });
  let recent = false;
  const confirmed = async () => {
    recent = true;
    return { request_id: 'request-id-confirm', status_code: 200, __user: {} };
  };
  client.webauthnAuthenticateImpl = confirmed;
  client.totpAuthenticateImpl = confirmed;
  client.passwordAuthenticateImpl = confirmed;
  client.otpAuthenticateImpl = confirmed;
  client.deleteWebauthnRegistrationImpl = async () => {
    if (recent) return { request_id: 'request-id-delete', status_code: 200 };
    throw apiError({
      error_type: options.reason ?? 'reauthentication_required',
      error_message: 'Confirm it is you.',
      status_code: 403,
    });
  };
  return client;
}

export async function openStep(
  client: FakeClient,
  props: PasskeyRegistrationProps = { config: ALL_PRODUCTS },
  title: string = TEXT.reauthenticationTitle,
) {
  const user = userEvent.setup();
  const view = render(
    <GatehouseProvider client={client}>
      <PasskeyRegistration {...props} />
    </GatehouseProvider>,
  );
  await user.click(await screen.findByRole('button', { name: 'Skip' }));
  // Issue 22 finding 3: after Skip the list is 'Your passkeys' (nothing was created).
  await screen.findByRole('heading', { name: 'Your passkeys' });
  await waitFor(() => expect(client.calls.userGet).toBe(1));
  await user.click(screen.getByRole('button', { name: 'Delete MacBook' }));
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const heading = await screen.findByRole('heading', { name: title });
  return { user, view, heading };
}

export function step(): HTMLElement {
  return screen.getByRole('region', { name: TEXT.reauthenticationTitle });
}

export function names(): string[] {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.gh-passkey-name')?.textContent ?? '');
}

/** The step closed and the list shows without the deleted passkey. */
export async function expectDeleted(client: FakeClient) {
  await waitFor(() => expect(screen.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull());
  expect(names()).toEqual(['Pixel']);
  // Tried, refused, confirmed, tried again: twice in all.
  expect(client.calls.deleteWebauthnRegistration).toEqual(['wr-1', 'wr-1']);
}
