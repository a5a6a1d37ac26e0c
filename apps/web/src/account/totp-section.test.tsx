import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, SAMPLE_SESSION, SAMPLE_TOTP, SAMPLE_USER } from '../test-support';
import { confirmInDialog, renderAccountPage } from './test-render';
import { TOTP_ENROLMENT_MINUTES } from './totp-section';

const WITH_TOTP = { ...SAMPLE_USER, totps: [{ totp_id: 'totp-test-1', verified: true }] };

describe('authenticator app (issue 13 item 3, wire-format.md §4.8)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('enrols: QR code, key, 10 recovery codes once, "I saved them" before the first code finishes it', async () => {
    const user = userEvent.setup();
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    // Like the SDK: the confirmed app arrives with the user the server answers.
    client.totpImpl = async () => {
      client.setUser(WITH_TOTP);
      return {};
    };
    client.recoveryCodesImpl = async () => ({
      totps: [{ totp_id: 'totp-test-1', verified: true, recovery_codes_remaining: 10 }],
    });
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    expect(within(section).getByText(STRINGS.account.totpOff)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: STRINGS.account.totpSetUp }));

    const qr = (await within(section).findByRole('img', {
      name: STRINGS.account.totpQrAlt,
    })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(SAMPLE_TOTP.qr_code);
    expect(within(section).getByTestId('account-totp-secret').textContent).toBe(SAMPLE_TOTP.secret);
    const codes = within(within(section).getByTestId('account-recovery-codes')).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).toEqual(SAMPLE_TOTP.recovery_codes);
    expect(client.accountCalls).toContainEqual([
      'totps.create',
      { expiration_minutes: TOTP_ENROLMENT_MINUTES },
    ]);

    // Copy puts the ten codes on the clipboard, one a line.
    await user.click(within(section).getByRole('button', { name: STRINGS.account.copyCodes }));
    expect(await navigator.clipboard.readText()).toBe(SAMPLE_TOTP.recovery_codes.join('\n'));
    expect(await screen.findByText(STRINGS.account.codesCopied)).toBeTruthy();

    const finish = within(section).getByRole('button', {
      name: STRINGS.account.totpConfirm,
    }) as HTMLButtonElement;
    await user.type(within(section).getByLabelText(STRINGS.account.totpCodeLabel), '123456');
    expect(finish.disabled).toBe(true);
    expect(client.totpCalls).toEqual([]);
    await user.click(within(section).getByLabelText(STRINGS.account.savedCodes));
    expect(finish.disabled).toBe(false);
    await user.click(finish);

    expect(await within(section).findByText(STRINGS.account.totpOn)).toBeTruthy();
    expect(client.totpCalls).toEqual([
      ['authenticate', { totp_code: '123456', session_duration_minutes: 30 }],
    ]);
    expect((await within(section).findByTestId('account-recovery-remaining')).textContent).toBe(
      STRINGS.account.recoveryCodesRemaining(10),
    );
    // Shown once: gone after finishing.
    expect(within(section).queryByTestId('account-recovery-codes')).toBeNull();
    expect(screen.queryByText(SAMPLE_TOTP.recovery_codes[0]!)).toBeNull();
    expect(screen.getByTestId('app-toasts').textContent).toContain(STRINGS.account.totpEnabled);
  });

  it("a wrong first code shows the server's message and keeps the codes on screen", async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    client.totpImpl = async () => {
      throw apiError({
        error_type: 'unable_to_auth_totp_code',
        error_message: 'The code is incorrect.',
        status_code: 401,
      });
    };
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    await userEvent.click(within(section).getByRole('button', { name: STRINGS.account.totpSetUp }));
    await userEvent.type(await within(section).findByLabelText(STRINGS.account.totpCodeLabel), '000000');
    await userEvent.click(within(section).getByLabelText(STRINGS.account.savedCodes));
    await userEvent.click(within(section).getByRole('button', { name: STRINGS.account.totpConfirm }));
    expect((await within(section).findByRole('alert')).textContent).toBe('The code is incorrect.');
    expect(within(section).getByTestId('account-recovery-codes')).toBeTruthy();
  });

  it('a set-up app shows the recovery codes left and can be removed (DELETE /users/totps/{id})', async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: WITH_TOTP });
    client.recoveryCodesImpl = async () => ({
      totps: [{ totp_id: 'totp-test-1', verified: true, recovery_codes_remaining: 1 }],
    });
    renderAccountPage(client);
    const section = screen.getByTestId('account-totp');
    expect((await within(section).findByTestId('account-recovery-remaining')).textContent).toBe(
      '1 recovery code left.',
    );
    await userEvent.click(within(section).getByRole('button', { name: STRINGS.account.totpRemoveLabel }));
    await confirmInDialog(STRINGS.account.remove);
    expect(await within(section).findByText(STRINGS.account.totpOff)).toBeTruthy();
    expect(client.accountCalls).toContainEqual(['user.deleteTOTP', 'totp-test-1']);
    await waitFor(() =>
      expect(screen.getByTestId('app-toasts').textContent).toContain(
        STRINGS.account.removed(STRINGS.account.totpName),
      ),
    );
  });

  it('does not ask for recovery codes when no app is set up', async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    renderAccountPage(client);
    await screen.findByText(STRINGS.account.totpOff);
    expect(client.accountCalls.some(([method]) => method === 'totps.recoveryCodes')).toBe(false);
  });
});
