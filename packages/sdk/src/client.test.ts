import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, lazyOtps, lazyPasswords, lazyWebAuthn } from './client';
import type { OtpsModule } from './otps';
import type { PasswordsModule } from './passwords';
import { createTestClient, json, PUBLIC_TOKEN } from './test-support/fakes';
import type { WebAuthnModule } from './webauthn';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('createClient', () => {
  it('warns when the public token lacks the public-token- prefix (SPEC §5)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = createTestClient({ publicToken: 'pk_live_123' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('public-token-');
    bad.client.dispose();
    const good = createTestClient();
    expect(warn).toHaveBeenCalledTimes(1);
    good.client.dispose();
  });

  it('exposes the public token and defaults baseUrl to location.origin', async () => {
    const { client, requests } = createTestClient({
      clientOptions: { baseUrl: undefined },
      hostname: 'app.test',
    });
    expect(client.publicToken).toBe(PUBLIC_TOKEN);
    await client.bootstrap.get();
    expect(requests[0]?.url).toBe(`https://app.test/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`);
    client.dispose();
  });

  it('drops trailing slashes of baseUrl', async () => {
    const { client, requests } = createTestClient({
      clientOptions: { baseUrl: 'https://auth.example.com/' },
    });
    await client.bootstrap.get();
    expect(requests[0]?.url).toBe(`https://auth.example.com/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`);
    client.dispose();
  });

  it('runs on the real browser globals when nothing is injected (happy-dom)', async () => {
    const fetch = vi.fn(async () => json(200, { data: { request_id: 'r', status_code: 200 } }));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(`gatehouse_sdk_state_${PUBLIC_TOKEN}`, JSON.stringify({ user: {}, session: {} }));
    const client = createClient(PUBLIC_TOKEN, { baseUrl: 'https://auth.example.com' });
    // No session cookie: the cached state is destroyed and persisted as null in the real localStorage.
    expect(localStorage.getItem(`gatehouse_sdk_state_${PUBLIC_TOKEN}`)).toBe('null');
    expect(client.session.getSync()).toBeNull();
    client.session.updateSession({ session_token: 'tok', session_jwt: 'jwt' });
    expect(document.cookie).toContain('gatehouse_session=tok');
    expect(client.session.getTokens()).toEqual({ session_token: 'tok', session_jwt: 'jwt' });
    await client.bootstrap.get();
    const call = fetch.mock.calls[0] as unknown as [string, { headers: Record<string, string> }];
    expect(call[0]).toBe(`https://auth.example.com/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`);
    expect(call[1].headers['X-SDK-Parent-Host']).toBe(location.origin);
    await client.session.revoke();
    expect(document.cookie).not.toContain('gatehouse_session=');
    client.dispose();
  });
});

describe('client.webauthn loads its code on the first passkey call (lazyWebAuthn)', () => {
  const loaded = (): WebAuthnModule => ({
    register: vi.fn(async () => ({ registered: true }) as never),
    authenticate: vi.fn(async () => ({ authenticated: true }) as never),
    browserSupportsAutofill: vi.fn(async () => true),
    update: vi.fn(async () => ({ updated: true }) as never),
  });

  it('loads nothing up front, then one module instance for every call', async () => {
    const module = loaded();
    const load = vi.fn(async () => module);
    const webauthn = lazyWebAuthn(load);
    expect(load).not.toHaveBeenCalled();
    const [registered, authenticated] = await Promise.all([
      webauthn.register({ is_passkey: true }),
      webauthn.authenticate({ session_duration_minutes: 5 }),
    ]);
    expect(registered).toEqual({ registered: true });
    expect(authenticated).toEqual({ authenticated: true });
    expect(await webauthn.update({ webauthn_registration_id: 'id', name: 'n' })).toEqual({ updated: true });
    expect(await webauthn.browserSupportsAutofill()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(module.register).toHaveBeenCalledWith({ is_passkey: true });
    expect(module.authenticate).toHaveBeenCalledWith({ session_duration_minutes: 5 });
  });

  it('a failed load rejects the call (autofill answers false) and is retried by the next one', async () => {
    const module = loaded();
    const load = vi
      .fn<() => Promise<WebAuthnModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(module);
    const webauthn = lazyWebAuthn(load);
    await expect(webauthn.register()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await webauthn.browserSupportsAutofill()).toBe(false);
    expect(await webauthn.register()).toEqual({ registered: true });
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('client.passwords loads its code on the first password call (lazyPasswords)', () => {
  it('loads nothing up front, one module for every call, and retries a failed load', async () => {
    const calls: string[] = [];
    const method =
      (name: string) =>
      async (...args: unknown[]) => {
        calls.push(name);
        return { name, args } as never;
      };
    const module: PasswordsModule = {
      create: method('create'),
      authenticate: method('authenticate'),
      resetByEmailStart: method('resetByEmailStart'),
      resetByEmail: method('resetByEmail'),
      resetByExistingPassword: method('resetByExistingPassword'),
      resetBySession: method('resetBySession'),
      strengthCheck: method('strengthCheck'),
    };
    const load = vi
      .fn<() => Promise<PasswordsModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(module);
    const passwords = lazyPasswords(load);
    expect(load).not.toHaveBeenCalled();
    await expect(passwords.strengthCheck({ password: 'p' })).rejects.toThrow('Failed to fetch');
    const options = { email: 'a@b.co', password: 'p' };
    expect(await passwords.create(options)).toEqual({ name: 'create', args: [options] });
    await Promise.all([
      passwords.authenticate(options),
      passwords.resetByEmailStart({ email: 'a@b.co' }),
      passwords.resetByEmail({ token: 't', password: 'p', session_duration_minutes: 30 }),
      passwords.resetByExistingPassword({
        email: 'a@b.co',
        existing_password: 'p',
        new_password: 'q',
        session_duration_minutes: 30,
      }),
      passwords.resetBySession({ password: 'p' }),
      passwords.strengthCheck({ password: 'p' }),
    ]);
    expect(calls).toEqual([
      'create',
      'authenticate',
      'resetByEmailStart',
      'resetByEmail',
      'resetByExistingPassword',
      'resetBySession',
      'strengthCheck',
    ]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('client.otps loads its code on the first passcode call (lazyOtps, issue 21)', () => {
  it('loads nothing up front, passes every argument on, one module for every call, and retries a failed load', async () => {
    const calls: unknown[][] = [];
    const method =
      (name: string) =>
      async (...args: unknown[]) => {
        calls.push([name, ...args]);
        return { name } as never;
      };
    const channel = (method_: string) => ({
      loginOrCreate: method(`${method_}.loginOrCreate`),
      send: method(`${method_}.send`),
    });
    const module: OtpsModule = {
      sms: channel('sms'),
      whatsapp: channel('whatsapp'),
      email: channel('email'),
      authenticate: method('authenticate'),
    };
    const load = vi
      .fn<() => Promise<OtpsModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(module);
    const otps = lazyOtps(load);
    expect(load).not.toHaveBeenCalled();
    await expect(otps.sms.send('+14155550123')).rejects.toThrow('Failed to fetch');
    const options = { expiration_minutes: 5 };
    expect(await otps.sms.loginOrCreate('+14155550123', options)).toEqual({ name: 'sms.loginOrCreate' });
    await Promise.all([
      otps.whatsapp.send('+447400123456', options),
      otps.email.loginOrCreate('ada@example.com'),
      otps.authenticate('123456', 'phone-number-test-1', { session_duration_minutes: 30 }),
    ]);
    expect(calls).toEqual([
      ['sms.loginOrCreate', '+14155550123', options],
      ['whatsapp.send', '+447400123456', options],
      ['email.loginOrCreate', 'ada@example.com'],
      ['authenticate', '123456', 'phone-number-test-1', { session_duration_minutes: 30 }],
    ]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
