// Issue 20 item 3 on the account page, the ADDS (server: sessions/step-up.ts SESSION_ROUTE_RULES): setting up an
// authenticator app (POST /totps) and sending a code or a login link to an address or number the user does not hold
// yet (the secondary sends) are refused with 403 `reauthentication_required` on an old sign-in, and with
// `second_factor_required` where the project requires the user's app. Each opens "Confirm it's you" where it was
// asked; once confirmed the add runs again (once) and goes on; Cancel sends nothing more, shows no error and gives
// focus back to the control; any other refusal shows as before, with no step. The removals are reauthentication.test.tsx.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnglishWidgetStrings } from '../locale';
import { STRINGS, WIDGET_STRINGS } from '../strings';
import {
  apiError,
  createFakeClient,
  type FakeClient,
  SAMPLE_SESSION,
  SAMPLE_TOTP,
  SAMPLE_USER,
} from '../test-support';
import { renderAccountPage } from './test-render';

// The widget's texts (@gatehouse/react reauthentication-strings.ts).
const TITLE = 'Confirm it’s you';
const SEND_CODE = 'Email me a code';
const CODE_LABEL = 'Code from the email';
const TOTP_LABEL = 'Authenticator app code';

/** Issue 22 finding 6: what duplicate_email reads as (@gatehouse/react error-strings.ts, loaded after the first render). */
const EMAIL_TAKEN = 'This email address is already used by another account.';

// As main.tsx does for an English visitor.
beforeAll(async () => {
  await loadEnglishWidgetStrings();
  expect(WIDGET_STRINGS.emailTaken).toBe(EMAIL_TAKEN);
});

/** The step's code loads on demand (a lazy chunk): allow for a slow first import on a loaded machine. */
const LOAD = { timeout: 5_000 };

const NEW_EMAIL = 'grace@example.com';
const NEW_PHONE = '+14155550123';
const WITH_TOTP = { ...SAMPLE_USER, totps: [{ totp_id: 'totp-test-1', verified: true }] };

type Reason = 'reauthentication_required' | 'second_factor_required';

/**
 * Like the server for a session whose sign-in is old (or, `second_factor_required`, that has not used the user's
 * app): POST /totps and a send to a destination the user does not hold are refused until a secondary sign-in (an
 * e-mailed code to the user's own address, or the app's code) confirmed. A send to their own address is allowed.
 */
function staleSession(user: typeof SAMPLE_USER, reason: Reason = 'reauthentication_required'): FakeClient {
  const client = createFakeClient({ session: SAMPLE_SESSION, user });
  let confirmed = false;
  const refuseUntilConfirmed = () => {
    if (confirmed) return;
    throw apiError({ error_type: reason, error_message: 'Confirm it is you first.', status_code: 403 });
  };
  const held = new Set([
    ...user.emails.map((item) => item.email),
    ...user.phone_numbers.map((item) => item.phone_number),
  ]);
  client.sendCheck = async (_method, destination) => {
    if (!held.has(destination) || reason === 'second_factor_required') refuseUntilConfirmed();
  };
  client.totpCreateImpl = async () => {
    refuseUntilConfirmed();
    return SAMPLE_TOTP;
  };
  client.otpAuthenticateImpl = async (code) => {
    if (code !== '246810') {
      throw apiError({ error_type: 'otp_code_not_found', error_message: 'not found', status_code: 404 });
    }
    confirmed = true;
    return { request_id: 'request-id-otp', status_code: 200 };
  };
  client.totpImpl = async () => {
    confirmed = true;
    return { request_id: 'request-id-totp', status_code: 200 };
  };
  return client;
}

function calls(client: FakeClient, method: string) {
  return client.accountCalls.filter(([name]) => name === method).map(([, argument]) => argument);
}

/** Opens the step in `container`, checks its heading has focus, and confirms with a code e-mailed to ada@. */
async function confirmByEmailedCode(container: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const heading = await within(container).findByRole('heading', { name: TITLE }, LOAD);
  expect(document.activeElement).toBe(heading);
  await user.click(within(container).getByRole('button', { name: SEND_CODE }));
  await user.type(await within(container).findByLabelText(CODE_LABEL), '246810');
}

function addForm(kind: 'email' | 'phone') {
  return screen.getByTestId(`account-add-${kind}`);
}

describe('"Confirm it\'s you" before an add on the account page (issue 20 item 3)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('setting up an authenticator app asks to confirm, then the set-up runs again; its first code is not guarded', async () => {
    const user = userEvent.setup();
    const client = staleSession(SAMPLE_USER);
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    await user.click(within(section).getByRole('button', { name: STRINGS.account.totpSetUp }));
    const step = await within(section).findByTestId('account-totp-reauthentication', {}, LOAD);
    expect(
      await within(step).findByText('We will email a 6-digit code to ada@example.com.', {}, LOAD),
    ).toBeTruthy();
    await confirmByEmailedCode(step, user);

    expect(await within(section).findByRole('img', { name: STRINGS.account.totpQrAlt })).toBeTruthy();
    expect(calls(client, 'totps.create')).toHaveLength(2);
    expect(calls(client, 'otps.email.send')).toEqual(['ada@example.com']);
    expect(screen.queryByTestId('account-totp-reauthentication')).toBeNull();
    expect(within(section).queryByRole('alert')).toBeNull();

    // The enrolment's first code goes straight to POST /totps/authenticate.
    await user.click(within(section).getByRole('checkbox', { name: STRINGS.account.savedCodes }));
    await user.type(within(section).getByLabelText(STRINGS.account.totpCodeLabel), '135790');
    await user.click(within(section).getByRole('button', { name: STRINGS.account.totpConfirm }));
    await waitFor(() =>
      expect(screen.getByTestId('app-toasts').textContent).toContain(STRINGS.account.totpEnabled),
    );
    expect(client.totpCalls).toEqual([
      ['authenticate', { totp_code: '135790', session_duration_minutes: 30 }],
    ]);
    expect(calls(client, 'totps.create')).toHaveLength(2);
  });

  it('Cancel on the app set-up creates nothing, says nothing and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const client = staleSession(SAMPLE_USER);
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    const setUp = within(section).getByRole('button', { name: STRINGS.account.totpSetUp });
    await user.click(setUp);
    const step = await within(section).findByTestId('account-totp-reauthentication', {}, LOAD);
    await within(step).findByRole('heading', { name: TITLE }, LOAD);
    await user.click(within(step).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByTestId('account-totp-reauthentication')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(setUp));
    expect(within(section).getByText(STRINGS.account.totpOff)).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(within(section).queryByRole('img', { name: STRINGS.account.totpQrAlt })).toBeNull();
    expect(calls(client, 'totps.create')).toHaveLength(1);
    expect(calls(client, 'otps.email.send')).toEqual([]);
  });

  it('adding an e-mail address by code asks to confirm, then sends the code to it and adds it', async () => {
    const user = userEvent.setup();
    const client = staleSession(SAMPLE_USER);
    renderAccountPage(client);
    const form = addForm('email');
    await user.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), NEW_EMAIL);
    await user.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    const step = await within(form).findByTestId('account-add-email-reauthentication', {}, LOAD);
    await confirmByEmailedCode(step, user);

    expect(await within(form).findByText(STRINGS.account.codeSentTo(NEW_EMAIL))).toBeTruthy();
    // Refused, the step's own code to the address the user holds, then the add again.
    expect(calls(client, 'otps.email.send')).toEqual([NEW_EMAIL, 'ada@example.com', NEW_EMAIL]);
    expect(screen.queryByTestId('account-add-email-reauthentication')).toBeNull();
    await user.type(within(form).getByLabelText(STRINGS.account.codeLabel), '246810');
    // The sixth digit submits by itself (the six-box code input, issue 22 finding 10).
    await waitFor(() =>
      expect(screen.getByTestId('app-toasts').textContent).toContain(STRINGS.account.contactAdded(NEW_EMAIL)),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('adding a phone number by code asks to confirm, then sends the code to it', async () => {
    const user = userEvent.setup();
    const client = staleSession(SAMPLE_USER);
    renderAccountPage(client);
    const form = addForm('phone');
    await user.type(within(form).getByLabelText(STRINGS.account.newPhoneLabel), NEW_PHONE);
    await user.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    const step = await within(form).findByTestId('account-add-phone-reauthentication', {}, LOAD);
    await confirmByEmailedCode(step, user);

    expect(await within(form).findByText(STRINGS.account.codeSentTo(NEW_PHONE))).toBeTruthy();
    expect(calls(client, 'otps.sms.send')).toEqual([NEW_PHONE, NEW_PHONE]);
    expect(screen.queryByTestId('account-add-phone-reauthentication')).toBeNull();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('"Send a login link instead" asks to confirm, then sends the link', async () => {
    const user = userEvent.setup();
    const client = staleSession(SAMPLE_USER);
    renderAccountPage(client);
    const form = addForm('email');
    await user.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), NEW_EMAIL);
    await user.click(within(form).getByRole('button', { name: STRINGS.account.sendLinkInstead }));
    const step = await within(form).findByTestId('account-add-email-reauthentication', {}, LOAD);
    await confirmByEmailedCode(step, user);

    expect(await within(form).findByText(STRINGS.account.linkSentTo(NEW_EMAIL))).toBeTruthy();
    expect(calls(client, 'magicLinks.email.send')).toEqual([NEW_EMAIL, NEW_EMAIL]);
    expect(screen.queryByTestId('account-add-email-reauthentication')).toBeNull();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['otps.email.send', 'email', STRINGS.account.newEmailLabel, NEW_EMAIL, STRINGS.account.sendCode],
    ['otps.sms.send', 'phone', STRINGS.account.newPhoneLabel, NEW_PHONE, STRINGS.account.sendCode],
    [
      'magicLinks.email.send',
      'email',
      STRINGS.account.newEmailLabel,
      NEW_EMAIL,
      STRINGS.account.sendLinkInstead,
    ],
  ] as const)(
    'Cancel before %s: nothing more is sent, no error, the form as it was, focus back on the button',
    async (method, kind, label, destination, button) => {
      const user = userEvent.setup();
      const client = staleSession(SAMPLE_USER);
      renderAccountPage(client);
      const form = addForm(kind);
      await user.type(within(form).getByLabelText(label), destination);
      const trigger = within(form).getByRole('button', { name: button });
      await user.click(trigger);
      const step = await within(form).findByTestId(`account-add-${kind}-reauthentication`, {}, LOAD);
      await within(step).findByRole('heading', { name: TITLE }, LOAD);
      await user.click(within(step).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByTestId(`account-add-${kind}-reauthentication`)).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(trigger));
      expect(within(form).queryByRole('alert')).toBeNull();
      expect((within(form).getByLabelText(label) as HTMLInputElement).value).toBe(destination);
      expect(within(form).queryByText(STRINGS.account.codeSentTo(destination))).toBeNull();
      // Only the refused attempt: no retry, no code for the step.
      expect(
        client.accountCalls.filter(([name]) => name !== 'totps.recoveryCodes' && name !== 'session.list'),
      ).toEqual([[method, destination]]);
    },
  );

  it('second_factor_required: the step asks for the app’s code alone, then the send runs again', async () => {
    const user = userEvent.setup();
    const client = staleSession(WITH_TOTP, 'second_factor_required');
    renderAccountPage(client);
    const form = addForm('email');
    await user.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), NEW_EMAIL);
    await user.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    const step = await within(form).findByTestId('account-add-email-reauthentication', {}, LOAD);
    await within(step).findByRole('heading', { name: TITLE }, LOAD);
    expect(step.querySelector('[data-state^="reauthentication."]')?.getAttribute('data-state')).toBe(
      'reauthentication.totp',
    );
    await user.type(within(step).getByLabelText(TOTP_LABEL), '123456');

    expect(await within(form).findByText(STRINGS.account.codeSentTo(NEW_EMAIL))).toBeTruthy();
    expect(client.totpCalls).toEqual([
      ['authenticate', { totp_code: '123456', session_duration_minutes: 30 }],
    ]);
    expect(calls(client, 'otps.email.send')).toEqual([NEW_EMAIL, NEW_EMAIL]);
  });

  it('any other refusal shows as before, with no step', async () => {
    const user = userEvent.setup();
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    client.sendCheck = async () => {
      throw apiError({
        error_type: 'duplicate_email',
        error_message: 'That address belongs to another account.',
        status_code: 409,
      });
    };
    client.totpCreateImpl = async () => {
      throw apiError({ error_type: 'too_many_requests', error_message: 'Slow down.', status_code: 429 });
    };
    renderAccountPage(client);
    const form = addForm('email');
    await user.type(within(form).getByLabelText(STRINGS.account.newEmailLabel), NEW_EMAIL);
    await user.click(within(form).getByRole('button', { name: STRINGS.account.sendCode }));
    // Issue 22 finding 6: duplicate_email reads as the strings table's text.
    expect((await within(form).findByRole('alert')).textContent).toBe(EMAIL_TAKEN);
    await user.click(within(form).getByRole('button', { name: STRINGS.account.sendLinkInstead }));
    await waitFor(() => expect(calls(client, 'magicLinks.email.send')).toEqual([NEW_EMAIL]));
    // Issue 22 finding 6: duplicate_email reads as the strings table's text.
    expect((await within(form).findByRole('alert')).textContent).toBe(EMAIL_TAKEN);

    const section = screen.getByTestId('account-totp');
    await user.click(within(section).getByRole('button', { name: STRINGS.account.totpSetUp }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Slow down.');
    expect(screen.queryByTestId('account-add-email-reauthentication')).toBeNull();
    expect(screen.queryByTestId('account-totp-reauthentication')).toBeNull();
    expect(screen.queryByRole('heading', { name: TITLE })).toBeNull();
  });
});
