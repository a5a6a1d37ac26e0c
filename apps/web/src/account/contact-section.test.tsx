import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { confirmInDialog, renderAccountPage } from './test-render';

const ADDED = 'grace@example.com';

function signedIn() {
  return createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
}

describe('e-mail addresses and phone numbers (issue 13 item 3)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('adds an e-mail: a passcode sent secondary, the code entered, the list and a toast updated', async () => {
    const client = signedIn();
    // Like the SDK: otps.authenticate stores the user the server answers, now with the address.
    client.otpAuthenticateImpl = async () => {
      client.setUser({
        ...SAMPLE_USER,
        emails: [...SAMPLE_USER.emails, { email_id: 'email-test-2', email: ADDED, verified: true }],
      });
      return {};
    };
    renderAccountPage(client);
    const form = screen.getByTestId('account-add-email');
    await userEvent.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), ADDED);
    await userEvent.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    expect(await within(form).findByText(STRINGS.account.codeSentTo(ADDED))).toBeTruthy();
    await userEvent.type(within(form).getByLabelText(STRINGS.account.codeLabel), ' 123456 ');
    // The sixth digit submits by itself (the six-box code input, issue 22 finding 10).
    expect(await screen.findByText(STRINGS.account.contactAdded(ADDED))).toBeTruthy();
    expect(client.accountCalls.filter(([method]) => method.startsWith('otps'))).toEqual([
      ['otps.email.send', ADDED],
      ['otps.authenticate', '123456'],
    ]);
    expect(within(screen.getByTestId('account-emails')).getAllByRole('listitem')).toHaveLength(2);
    // Back to an empty form for the next one.
    expect((within(form).getByLabelText(STRINGS.account.newEmailLabel) as HTMLInputElement).value).toBe('');
  });

  it('adds a phone number by SMS passcode with the method id the send answered', async () => {
    const client = signedIn();
    const seen: string[] = [];
    client.otpAuthenticateImpl = async (_code, methodId) => {
      seen.push(methodId);
      return {};
    };
    renderAccountPage(client);
    const form = screen.getByTestId('account-add-phone');
    await userEvent.type(within(form).getByLabelText(STRINGS.account.newPhoneLabel), '+14155550123');
    await userEvent.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    await userEvent.type(await within(form).findByLabelText(STRINGS.account.codeLabel), '654321');
    // The sixth digit submits by itself (the six-box code input, issue 22 finding 10).
    expect(await screen.findByText(STRINGS.account.contactAdded('+14155550123'))).toBeTruthy();
    expect(client.accountCalls).toContainEqual(['otps.sms.send', '+14155550123']);
    expect(seen).toEqual(['method-id-sms']);
  });

  it("a wrong code shows the server's message and keeps the code step", async () => {
    const client = signedIn();
    const message = 'The passcode is incorrect.';
    client.otpAuthenticateImpl = async () => {
      throw apiError({ error_type: 'unable_to_auth_otp_code', error_message: message, status_code: 401 });
    };
    renderAccountPage(client);
    const form = screen.getByTestId('account-add-email');
    await userEvent.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), ADDED);
    await userEvent.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    await userEvent.type(await within(form).findByLabelText(STRINGS.account.codeLabel), '000000');
    await userEvent.click(within(form).getByRole('button', { name: STRINGS.account.verify }));
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(within(form).getByLabelText(STRINGS.account.codeLabel)).toBeTruthy();
  });

  it('can send a login link (secondary) instead of a code', async () => {
    const client = signedIn();
    renderAccountPage(client);
    const form = screen.getByTestId('account-add-email');
    await userEvent.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), ADDED);
    await userEvent.click(within(form).getByRole('button', { name: STRINGS.account.sendLinkInstead }));
    expect(await within(form).findByText(STRINGS.account.linkSentTo(ADDED))).toBeTruthy();
    expect(client.accountCalls).toContainEqual(['magicLinks.email.send', ADDED]);
  });

  it('removes an e-mail (DELETE /users/emails/{id}) with a toast', async () => {
    const client = createFakeClient({
      session: SAMPLE_SESSION,
      user: {
        ...SAMPLE_USER,
        emails: [...SAMPLE_USER.emails, { email_id: 'email-test-2', email: ADDED, verified: true }],
        phone_numbers: [{ phone_id: 'phone-test-1', phone_number: '+14155550123', verified: true }],
      },
    });
    renderAccountPage(client);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.removeItem(ADDED) }));
    await confirmInDialog(STRINGS.account.remove);
    expect(await screen.findByText(STRINGS.account.removed(ADDED))).toBeTruthy();
    expect(client.accountCalls).toContainEqual(['user.deleteEmail', 'email-test-2']);
    expect(within(screen.getByTestId('account-emails')).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.removeItem('+14155550123') }));
    await confirmInDialog(STRINGS.account.remove);
    expect(await screen.findByText(STRINGS.account.noPhoneNumbers)).toBeTruthy();
    expect(client.accountCalls).toContainEqual(['user.deletePhoneNumber', 'phone-test-1']);
  });

  it("a refused removal of the last sign-in factor shows the server's message and keeps the row", async () => {
    // The page believes a password is another way in (a stale page): the server's 409 still decides.
    const client = createFakeClient({
      session: SAMPLE_SESSION,
      user: { ...SAMPLE_USER, password: { password_id: 'password-test-1', requires_reset: false } },
    });
    const message = 'This is the only way to sign in to this account.';
    client.deleteFactorImpl = async () => {
      throw apiError({ error_type: 'last_authentication_factor', error_message: message, status_code: 409 });
    };
    renderAccountPage(client);
    await userEvent.click(
      screen.getByRole('button', { name: STRINGS.account.removeItem('ada@example.com') }),
    );
    await confirmInDialog(STRINGS.account.remove);
    expect((await screen.findByTestId('account-contact-error')).textContent).toBe(message);
    expect(screen.getByTestId('account-contact-error').getAttribute('role')).toBe('alert');
    expect(within(screen.getByTestId('account-emails')).getAllByRole('listitem')).toHaveLength(1);
  });
});
