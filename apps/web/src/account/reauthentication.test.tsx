// Issue 20 item 3 on the account page: removing the authenticator app, an e-mail address or a phone number that the
// server answers 403 `reauthentication_required` opens the widget's "Confirm it's you" step in that section (focus
// on its heading); once confirmed, the removal runs again and shows its toast; Cancel leaves the row, says nothing
// and gives focus back to the Remove button; a failed confirmation stays on screen.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, type FakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { confirmInDialog, renderAccountPage } from './test-render';

// The widget's texts (@gatehouse/react reauthentication-strings.ts).
const TITLE = 'Confirm it’s you';
const TOTP_LABEL = 'Authenticator app code';
const SEND_CODE = 'Email me a code';
const CODE_LABEL = 'Code from the email';

const WITH_TOTP = { ...SAMPLE_USER, totps: [{ totp_id: 'totp-test-1', verified: true }] };
const WITH_PHONE = {
  ...SAMPLE_USER,
  phone_numbers: [{ phone_id: 'phone-test-1', phone_number: '+14155550123', verified: true }],
};

/** Removals answer reauthentication_required until a secondary sign-in (TOTP, e-mailed code, passkey) confirmed. */
function staleSession(user: typeof SAMPLE_USER): FakeClient {
  const client = createFakeClient({ session: SAMPLE_SESSION, user });
  let recent = false;
  const remove = client.deleteFactorImpl;
  client.deleteFactorImpl = async (kind, id) => {
    if (!recent) {
      throw apiError({
        error_type: 'reauthentication_required',
        error_message: 'For your security, confirm it is you.',
        status_code: 403,
      });
    }
    return remove(kind, id);
  };
  client.totpImpl = async () => {
    recent = true;
    return { request_id: 'request-id-totp', status_code: 200 };
  };
  client.otpAuthenticateImpl = async (code) => {
    if (code !== '246810') {
      throw apiError({ error_type: 'otp_code_not_found', error_message: 'not found', status_code: 404 });
    }
    recent = true;
    return { request_id: 'request-id-otp', status_code: 200 };
  };
  client.webauthn.authenticate = async () => {
    recent = true;
    return { request_id: 'request-id-passkey', status_code: 200, __user: {} };
  };
  return client;
}

/** The step's code loads on demand (a lazy chunk): allow for a slow first import on a loaded machine. */
const LOAD = { timeout: 5_000 };

function calls(client: FakeClient, method: string) {
  return client.accountCalls.filter(([name]) => name === method);
}

describe('"Confirm it\'s you" on the account page (issue 20 item 3)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('removing the authenticator app asks for its code, then removes it', async () => {
    const user = userEvent.setup();
    const client = staleSession(WITH_TOTP);
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    await user.click(within(section).getByRole('button', { name: STRINGS.account.totpRemoveLabel }));
    await confirmInDialog(STRINGS.account.remove);
    const step = await within(section).findByTestId('account-totp-reauthentication', {}, LOAD);
    const heading = await within(step).findByRole('heading', { name: TITLE }, LOAD);
    expect(document.activeElement).toBe(heading);
    expect(step.querySelector('[data-state^="reauthentication."]')?.getAttribute('data-state')).toBe(
      'reauthentication.totp',
    );
    await user.type(within(step).getByLabelText(TOTP_LABEL), '123456');
    expect(await within(section).findByText(STRINGS.account.totpOff)).toBeTruthy();
    expect(client.totpCalls).toEqual([
      ['authenticate', { totp_code: '123456', session_duration_minutes: 30 }],
    ]);
    expect(calls(client, 'user.deleteTOTP')).toHaveLength(2);
    expect(screen.queryByTestId('account-totp-reauthentication')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('app-toasts').textContent).toContain(
        STRINGS.account.removed(STRINGS.account.totpName),
      ),
    );
  });

  it('Cancel keeps the app, shows no error and gives focus back to Remove', async () => {
    const user = userEvent.setup();
    const client = staleSession(WITH_TOTP);
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    const remove = within(section).getByRole('button', { name: STRINGS.account.totpRemoveLabel });
    await user.click(remove);
    await confirmInDialog(STRINGS.account.remove);
    const step = await within(section).findByTestId('account-totp-reauthentication', {}, LOAD);
    await user.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('account-totp-reauthentication')).toBeNull();
    expect(within(section).getByText(STRINGS.account.totpOn)).toBeTruthy();
    expect(screen.queryByTestId('account-totp-error')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(calls(client, 'user.deleteTOTP')).toHaveLength(1);
    expect(client.totpCalls).toEqual([]);
  });

  it('removing an e-mail address confirms with a code e-mailed to it; a wrong code is shown first', async () => {
    const user = userEvent.setup();
    const client = staleSession(WITH_PHONE);
    renderAccountPage(client);
    await user.click(screen.getByRole('button', { name: STRINGS.account.removeItem('ada@example.com') }));
    await confirmInDialog(STRINGS.account.remove);
    const step = await screen.findByTestId('account-contact-reauthentication');
    await within(step).findByRole('heading', { name: TITLE }, LOAD);
    expect(within(step).getByText('We will email a 6-digit code to ada@example.com.')).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: SEND_CODE }));
    expect(calls(client, 'otps.email.send')).toEqual([['otps.email.send', 'ada@example.com']]);
    const input = await within(step).findByLabelText(CODE_LABEL);
    await user.type(input, '111111');
    expect(await within(step).findByText('Invalid passcode, please try again.')).toBeTruthy();
    expect(calls(client, 'user.deleteEmail')).toHaveLength(1);
    await user.type(input, '246810');
    expect(await screen.findByText(STRINGS.account.noEmails)).toBeTruthy();
    expect(calls(client, 'user.deleteEmail')).toHaveLength(2);
    expect(calls(client, 'otps.authenticate').map(([, code]) => code)).toEqual(['111111', '246810']);
    expect(screen.queryByTestId('account-contact-reauthentication')).toBeNull();
  });

  it('removing a phone number confirms with a passkey first when the user has one', async () => {
    const user = userEvent.setup();
    const client = staleSession({
      ...WITH_PHONE,
      webauthn_registrations: [
        {
          webauthn_registration_id: 'wr-1',
          name: 'Laptop',
          domain: 'localhost',
          user_agent: 'test',
          authenticator_type: 'platform',
          verified: true,
        },
      ],
    });
    renderAccountPage(client);
    await user.click(screen.getByRole('button', { name: STRINGS.account.removeItem('+14155550123') }));
    await confirmInDialog(STRINGS.account.remove);
    const step = await screen.findByTestId('account-contact-reauthentication');
    await within(step).findByRole('heading', { name: TITLE }, LOAD);
    await user.click(within(step).getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(STRINGS.account.noPhoneNumbers)).toBeTruthy();
    expect(calls(client, 'user.deletePhoneNumber')).toHaveLength(2);
  });
});
