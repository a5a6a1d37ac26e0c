// Issue 13 item 5 (a site built on the Stytch SDK works unchanged): the published @stytch/vanilla-js 4.13.1
// headless client, against the real server on a loopback port, signs in with a password, enrols an authenticator
// app (totps.create), confirms it with a code computed from the answered secret (totps.authenticate), reads its
// recovery codes (totps.recoveryCodes) and signs in again with a recovery code (totps.recover).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, recordingDelivery } from './features/magic-links/test-helpers';
import { STRONG } from './features/passwords/test-helpers';
import { codeAt } from './features/totps/totp-code';
import { testDatabaseKinds } from './test-support/database';
import { type StytchHeadless, startStytchHeadless } from './test-support/stytch-headless';

describe.each(testDatabaseKinds())('the Stytch headless client’s TOTP (vanilla-js 4.13.1) on %s', (kind) => {
  // 15 s into a 30 s step: the code computed here is the server's current one.
  const clock = fakeClock(new Date('2030-01-01T00:00:15.000Z'));
  let page: StytchHeadless;

  beforeAll(async () => {
    page = await startStytchHeadless({ kind, clock, delivery: recordingDelivery() });
  });
  afterAll(async () => {
    await page?.close();
  });

  it('enrols, authenticates with a code, lists and uses a recovery code', async () => {
    const signedIn = await page.client.passwords.create({
      email: 'ada@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });

    const created = await page.client.totps.create({ expiration_minutes: 60 });
    expect(created.totp_id).toMatch(/^totp-test-/);
    expect(created.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(created.recovery_codes).toHaveLength(10);

    const authenticated = await page.client.totps.authenticate({
      totp_code: codeAt(created.secret, clock.now().getTime()),
      session_duration_minutes: 30,
    });
    expect(authenticated.user_id).toBe(signedIn.user_id);
    expect(authenticated.totp_id).toBe(created.totp_id);
    const factors = page.client.session.getSync()?.authentication_factors ?? [];
    expect(factors.map((factor) => factor.type).sort()).toEqual(['password', 'totp']);
    expect(page.client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);

    const listed = (await page.client.totps.recoveryCodes()) as unknown as {
      totps: { totp_id: string; verified: boolean; recovery_codes: string[] }[];
    };
    expect(listed.totps[0]).toMatchObject({ totp_id: created.totp_id, verified: true, recovery_codes: [] });

    const recovered = await page.client.totps.recover({
      recovery_code: created.recovery_codes[0]!,
      session_duration_minutes: 30,
    });
    expect(recovered.totp_id).toBe(created.totp_id);
    expect(page.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toContain(
      'recovery_code',
    );
    await expect(
      page.client.totps.recover({ recovery_code: created.recovery_codes[0]!, session_duration_minutes: 30 }),
    ).rejects.toMatchObject({ error_type: 'unable_to_auth_recovery_code' });
  });
});
