// Issue 20 item 6, security-tests.md TK-02: a login or signup link lives as long as the client asks (SPEC §9: 30
// minutes by default), but never longer than the project's max_link_expiration_minutes (default 60). A client
// asking for more — Stytch allows 7 days — gets the cap, not an error, and the e-mail states the capped lifetime.
// Server clock faked; both database kinds.
import { ROUTES } from '@gatehouse/protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { magicLinkTokens, userEmails } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { MAX_EXPIRATION_MINUTES } from './service';
import { fakeClock, linkIn, recordingDelivery } from './test-helpers';

const MINUTE = 60_000;
const SECOND = 1000;
const SEVEN_DAYS = MAX_EXPIRATION_MINUTES;

describe.each(testDatabaseKinds())('login link lifetimes capped by the project on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown, sessionToken?: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: `/sdk/v1${url}`,
      publicToken: t.publicToken,
      body,
      ...(sessionToken ? { sessionToken } : {}),
    });
  const askForSevenDays = { login_expiration_minutes: SEVEN_DAYS, signup_expiration_minutes: SEVEN_DAYS };

  async function send(email: string, extra: Record<string, unknown> = askForSevenDays) {
    // A second apart, so an address's newest link is the last one sent.
    clock.advance(SECOND);
    const response = await post(ROUTES.magicLinksEmailLoginOrCreate, { email, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return { mail: delivery.last(), token: linkIn(delivery.last()).token };
  }
  const authenticate = (token: string) =>
    post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30 });

  async function storedLifetimeMinutes(email: string): Promise<number> {
    const [row] = await t.ctx.db
      .select({ expiresAt: magicLinkTokens.expiresAt, createdAt: magicLinkTokens.createdAt })
      .from(magicLinkTokens)
      .innerJoin(userEmails, eq(userEmails.id, magicLinkTokens.emailId))
      .where(eq(userEmails.email, email))
      .orderBy(sql`${magicLinkTokens.createdAt} DESC`)
      .limit(1);
    return (row!.expiresAt.getTime() - row!.createdAt.getTime()) / MINUTE;
  }

  async function setCap(minutes: number): Promise<void> {
    await t.ctx.db.execute(
      sql`UPDATE projects SET settings = settings || ${JSON.stringify({ max_link_expiration_minutes: minutes })}::jsonb WHERE id = ${t.project.id}`,
    );
    t.ctx.projects.clear();
  }

  it('TK-02: a signup link asked for 7 days gets the 60-minute cap — works at 59 min 59 s, not at 60 min — and its e-mail says 1 hour', async () => {
    const first = await send('new@example.com');
    expect(first.mail.subject).toMatch(/^Finish signing up/);
    expect(first.mail.text).toContain('This link expires in 1 hour and works once.');
    expect(first.mail.text).not.toContain('7 days');
    expect(await storedLifetimeMinutes('new@example.com')).toBe(60);
    clock.advance(59 * MINUTE + 59 * SECOND);
    expect((await authenticate(first.token)).statusCode).toBe(200);

    const second = await send('other@example.com');
    clock.advance(60 * MINUTE);
    const expired = await authenticate(second.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error_type).toBe('unable_to_auth_magic_link');
  });

  it('TK-02: a login link asked for 7 days gets the cap too, at both edges', async () => {
    const signup = await send('ada@example.com');
    expect((await authenticate(signup.token)).statusCode).toBe(200);

    const first = await send('ada@example.com');
    expect(first.mail.subject).toMatch(/^Your login link/);
    expect(first.mail.text).toContain('This link expires in 1 hour and works once.');
    clock.advance(59 * MINUTE + 59 * SECOND);
    expect((await authenticate(first.token)).statusCode).toBe(200);

    const second = await send('ada@example.com');
    clock.advance(60 * MINUTE);
    expect((await authenticate(second.token)).json().error_type).toBe('unable_to_auth_magic_link');
  });

  it('send/primary is capped the same way', async () => {
    const signup = await send('ada@example.com');
    expect((await authenticate(signup.token)).statusCode).toBe(200);
    const response = await post(ROUTES.magicLinksEmailSendPrimary, {
      email: 'ada@example.com',
      login_expiration_minutes: SEVEN_DAYS,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(delivery.last().text).toContain('expires in 1 hour');
    expect(await storedLifetimeMinutes('ada@example.com')).toBe(60);
  });

  it('a project setting of 15 caps at 15 minutes, the 30-minute default included', async () => {
    await setCap(15);
    const asked = await send('capped@example.com');
    expect(asked.mail.text).toContain('This link expires in 15 minutes and works once.');
    expect(await storedLifetimeMinutes('capped@example.com')).toBe(15);
    clock.advance(15 * MINUTE - SECOND);
    expect((await authenticate(asked.token)).statusCode).toBe(200);

    const byDefault = await send('default@example.com', {});
    expect(byDefault.mail.text).toContain('expires in 15 minutes');
    clock.advance(15 * MINUTE);
    expect((await authenticate(byDefault.token)).statusCode).toBe(401);
  });

  it('asks within the cap are kept (SPEC §9 default 30, 45); below the minimum is still invalid_expiration_minutes', async () => {
    await send('default@example.com', {});
    expect(await storedLifetimeMinutes('default@example.com')).toBe(30);
    await send('asked@example.com', { signup_expiration_minutes: 45 });
    expect(await storedLifetimeMinutes('asked@example.com')).toBe(45);
    const sent = delivery.messages.length;
    for (const field of ['login_expiration_minutes', 'signup_expiration_minutes']) {
      const response = await post(ROUTES.magicLinksEmailLoginOrCreate, {
        email: 'low@example.com',
        [field]: 4,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error_type).toBe('invalid_expiration_minutes');
    }
    expect(delivery.messages.length).toBe(sent);
  });
});
