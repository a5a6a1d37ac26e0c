// Issue 26 item 2: "must hold a passkey or TOTP (set up at first sign-in)". The first sign-in's choice (a passkey, or
// an authenticator app: QR code, key, recovery codes shown once behind "I saved them", the first code confirms); a
// later sign-in by link with the app (a code, or a recovery code); a dangerous action confirmed with a code; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, SecondFactorKind } from '../admin-types';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  createFakeClient,
  detail,
  expectAccessible,
  type FakeConsoleClient,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  statsOf,
  TOTP_ENROLMENT,
} from '../test-support';

const S = STRINGS.totp;

function meWith(second_factor: Me['second_factor']): Me {
  return { ...OWNER, second_factor };
}
const NO_FACTOR_YET = meWith({ enrolled: false, in_session: false, kinds: [] });
const holding = (...kinds: SecondFactorKind[]) => meWith({ enrolled: true, in_session: false, kinds });

/** The admin API answering `me` until the session shows a factor, then the overview. */
function standIn(me: Me) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, me));
  admin.on('GET', '/projects', json(200, { items: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
  return admin;
}

function refusal(error_type: string, error_message = 'Refused.') {
  return Object.assign(new Error(error_type), {
    name: 'APIError',
    status_code: 401,
    error_type,
    error_message,
  });
}

function codeField(name: string = S.codeLabel): HTMLInputElement {
  return screen.getByLabelText(name) as HTMLInputElement;
}

const authenticateCalls = (client: FakeConsoleClient) =>
  client.totpCalls.filter((call) => call.method === 'authenticate');

async function chooseApp() {
  await userEvent.click(await screen.findByRole('button', { name: S.setUp }));
  return screen.findByRole('region', { name: S.heading });
}

describe('the first sign-in: a passkey or an authenticator app', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn(async () => undefined) },
    });
  });
  afterEach(resetDocument);

  it('offers both: the widget’s passkey registration and an authenticator app', async () => {
    renderConsole('/', { admin: standIn(NO_FACTOR_YET) });
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.secondFactor.heading })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /create a passkey/i })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: S.choiceHeading })).toBeTruthy();
    expect(screen.getByRole('button', { name: S.setUp })).toBeTruthy();
    await expectAccessible();
  });

  it('sets up the app: the QR code, the key and the recovery codes; the first code confirms and the console opens', async () => {
    const admin = standIn(NO_FACTOR_YET);
    const client = createFakeClient();
    const authenticate = client.totps.authenticate;
    client.totps.authenticate = async (options) => {
      const answer = await authenticate(options);
      admin.on('GET', '/me', json(200, OWNER));
      return answer;
    };
    renderConsole('/', { admin, client });
    const setUp = await chooseApp();
    expect(client.totpCalls).toEqual([{ method: 'create', options: { expiration_minutes: 10 } }]);
    expect(document.activeElement).toBe(within(setUp).getByRole('heading', { level: 2, name: S.heading }));
    const qr = within(setUp).getByRole('img', { name: S.qrAlt }) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(TOTP_ENROLMENT.qr_code);
    expect(within(setUp).getByTestId('totp-secret').textContent).toBe(TOTP_ENROLMENT.secret);
    const codes = within(setUp).getByRole('list', { name: S.codesHeading });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(TOTP_ENROLMENT.recovery_codes);
    // The passkey's half and Continue give way to the set-up.
    expect(screen.queryByRole('button', { name: /create a passkey/i })).toBeNull();
    expect(screen.queryByRole('button', { name: STRINGS.secondFactor.continue })).toBeNull();
    await expectAccessible();

    await userEvent.click(within(setUp).getByRole('button', { name: S.copyCodes }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(TOTP_ENROLMENT.recovery_codes.join('\n'));
    expect(within(setUp).getByRole('status').textContent).toBe(S.codesCopied);

    await userEvent.click(within(setUp).getByRole('checkbox', { name: S.savedCodes }));
    await userEvent.type(codeField(), '123456');
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
    expect(authenticateCalls(client)).toEqual([
      { method: 'authenticate', options: { totp_code: '123456', session_duration_minutes: 30 } },
    ]);
  });

  it('the recovery codes download as a text file', async () => {
    const created: Blob[] = [];
    // Spies, restored below: URL is shared with the worker's other test files (vitest.config.ts, isolate: false).
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:codes';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderConsole('/', { admin: standIn(NO_FACTOR_YET) });
    const setUp = await chooseApp();
    await userEvent.click(within(setUp).getByRole('button', { name: S.downloadCodes }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await created[0]?.text()).toBe(`${TOTP_ENROLMENT.recovery_codes.join('\n')}\n`);
    for (const spy of [click, createObjectURL, revokeObjectURL]) spy.mockRestore();
  });

  it('the code is not sent before “I saved my recovery codes” is ticked', async () => {
    const { client } = renderConsole('/', { admin: standIn(NO_FACTOR_YET) });
    const setUp = await chooseApp();
    await userEvent.type(codeField(), '123456');
    await userEvent.click(within(setUp).getByRole('button', { name: S.confirm }));
    expect((await within(setUp).findByRole('alert')).textContent).toBe(S.savedFirst);
    expect(document.activeElement).toBe(within(setUp).getByRole('checkbox', { name: S.savedCodes }));
    expect(authenticateCalls(client)).toEqual([]);
    await expectAccessible();
    // Ticked, Confirm sends the code already typed.
    await userEvent.click(within(setUp).getByRole('checkbox', { name: S.savedCodes }));
    await userEvent.click(within(setUp).getByRole('button', { name: S.confirm }));
    await waitFor(() => expect(authenticateCalls(client)).toHaveLength(1));
  });

  it('a wrong code says so, empties the field and keeps the set-up', async () => {
    const client = createFakeClient();
    client.totps.authenticate = async () => {
      throw refusal('unable_to_auth_totp_code');
    };
    renderConsole('/', { admin: standIn(NO_FACTOR_YET), client });
    const setUp = await chooseApp();
    await userEvent.click(within(setUp).getByRole('checkbox', { name: S.savedCodes }));
    await userEvent.type(codeField(), '000000');
    expect((await within(setUp).findByRole('alert')).textContent).toBe(S.wrongCode);
    expect(codeField().value).toBe('');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(within(setUp).getByTestId('totp-secret').textContent).toBe(TOTP_ENROLMENT.secret);
    await expectAccessible();
  });

  it('shows the codes once: going back forgets them, and a new set-up brings new ones', async () => {
    const { client } = renderConsole('/', { admin: standIn(NO_FACTOR_YET) });
    const setUp = await chooseApp();
    await userEvent.click(within(setUp).getByRole('button', { name: S.usePasskeyInstead }));
    expect(await screen.findByRole('button', { name: /create a passkey/i })).toBeTruthy();
    expect(screen.queryByTestId('totp-recovery-codes')).toBeNull();
    expect(screen.queryByText(TOTP_ENROLMENT.recovery_codes[0] as string)).toBeNull();
    await chooseApp();
    expect(client.totpCalls.map((call) => call.method)).toEqual(['create', 'create']);
  });

  it('says why the set-up could not start, and tries again', async () => {
    const client = createFakeClient();
    const create = client.totps.create;
    let refuse = true;
    client.totps.create = async (options) => {
      if (refuse) throw refusal('reauthentication_required', 'Sign in again: this needs a recent sign-in.');
      return create(options);
    };
    renderConsole('/', { admin: standIn(NO_FACTOR_YET), client });
    await userEvent.click(await screen.findByRole('button', { name: S.setUp }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${S.startFailed} Sign in again: this needs a recent sign-in.`,
    );
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: S.tryAgain }));
    expect(await screen.findByRole('region', { name: S.heading })).toBeTruthy();
  });

  it('says it is preparing the app while POST /totps runs', async () => {
    const client = createFakeClient();
    client.totps.create = () => new Promise(() => {});
    renderConsole('/', { admin: standIn(NO_FACTOR_YET), client });
    await userEvent.click(await screen.findByRole('button', { name: S.setUp }));
    const button = await screen.findByRole('button', { name: S.starting });
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('a later sign-in by login link, holding an authenticator app', () => {
  afterEach(resetDocument);

  it('asks for a code from the app (no passkey offered when none is held); the code opens the console', async () => {
    const admin = standIn(holding('totp'));
    const client = createFakeClient();
    client.totps.authenticate = async (options) => {
      client.totpCalls.push({ method: 'authenticate', options });
      if (options.totp_code !== '654321') throw refusal('unable_to_auth_totp_code');
      admin.on('GET', '/me', json(200, OWNER));
      return {};
    };
    renderConsole('/', { admin, client });
    expect(
      await screen.findByRole('heading', { level: 1, name: STRINGS.confirmFactor.heading }),
    ).toBeTruthy();
    expect(screen.getByText(STRINGS.confirmFactor.bodyApp)).toBeTruthy();
    expect(screen.queryByRole('button', { name: STRINGS.confirmFactor.usePasskey })).toBeNull();
    expect(screen.queryByRole('button', { name: S.setUp })).toBeNull();
    await expectAccessible();

    await userEvent.type(codeField(S.enterCode), '111111');
    expect((await screen.findByRole('alert')).textContent).toBe(S.wrongCode);
    expect(codeField(S.enterCode).value).toBe('');
    await expectAccessible();
    await userEvent.type(codeField(S.enterCode), '654321');
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
    expect(authenticateCalls(client).map((call) => call.options)).toEqual([
      { totp_code: '111111', session_duration_minutes: 30 },
      { totp_code: '654321', session_duration_minutes: 30 },
    ]);
  });

  it('holding both, offers the passkey and the code', async () => {
    renderConsole('/', { admin: standIn(holding('webauthn', 'totp')) });
    expect(await screen.findByText(STRINGS.confirmFactor.bodyBoth)).toBeTruthy();
    expect(screen.getByRole('button', { name: STRINGS.confirmFactor.usePasskey })).toBeTruthy();
    expect(codeField(S.enterCode)).toBeTruthy();
    await expectAccessible();
  });

  it('a lost app: one of its recovery codes opens the console', async () => {
    const admin = standIn(holding('totp'));
    const client = createFakeClient();
    client.totps.recover = async (options) => {
      client.totpCalls.push({ method: 'recover', options });
      admin.on('GET', '/me', json(200, OWNER));
      return {};
    };
    renderConsole('/', { admin, client });
    await userEvent.click(await screen.findByRole('button', { name: S.useRecoveryCode }));
    await userEvent.type(screen.getByRole('textbox', { name: S.recoveryLabel }), ' rc3-abcd-efgh ');
    await userEvent.click(screen.getByRole('button', { name: S.submitRecovery }));
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
    expect(client.totpCalls).toEqual([
      { method: 'recover', options: { recovery_code: 'rc3-abcd-efgh', session_duration_minutes: 30 } },
    ]);
  });

  it('too many tries says to wait', async () => {
    const client = createFakeClient();
    client.totps.authenticate = async () => {
      throw refusal('too_many_requests');
    };
    renderConsole('/', { admin: standIn(holding('totp')), client });
    await userEvent.type(await screen.findByLabelText(S.enterCode), '123456');
    expect((await screen.findByRole('alert')).textContent).toBe(S.tooMany);
  });
});

describe('a dangerous action, for an operator holding an authenticator app', () => {
  afterEach(resetDocument);

  it('is confirmed with a code from the app (the sign-in is recent again) and done at once', async () => {
    const admin = createAdminStandIn();
    admin.on(
      'GET',
      '/me',
      json(200, {
        ...meWith({ enrolled: true, in_session: true, kinds: ['totp'] }),
        projects: [{ id: PROJECT_ID, name: 'Main' }],
      }),
    );
    admin.on('GET', '/projects/:project/users/:user', json(200, detail()));
    let recent = false;
    admin.on('DELETE', '/projects/:project/users/:user', () =>
      recent ? json(200, { user_id: 'user-test-ada' }) : apiError(403, 'reauthentication_required'),
    );
    const client = createFakeClient();
    client.totps.authenticate = async (options) => {
      client.totpCalls.push({ method: 'authenticate', options });
      recent = true;
      return {};
    };
    renderConsole('/users/user-test-ada', { admin, client });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.user.delete }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: STRINGS.user.delete }),
    );
    expect(await screen.findByText(STRINGS.reauthenticate.bodyApp)).toBeTruthy();
    expect(screen.queryByRole('button', { name: STRINGS.reauthenticate.usePasskey })).toBeNull();
    await expectAccessible();
    await userEvent.type(screen.getByLabelText(S.enterCode), '246810');
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.users.heading })).toBeTruthy();
    expect(authenticateCalls(client)).toHaveLength(1);
    expect(
      admin.calls.filter((call) => call.method === 'DELETE' && call.path.endsWith('/users/user-test-ada')),
    ).toHaveLength(2);
  });
});
