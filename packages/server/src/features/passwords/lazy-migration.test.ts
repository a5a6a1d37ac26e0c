// Issue 24 item 5 "Tests that show it": the lazy migration against a loopback stand-in of the old provider (a real
// HTTP server counting its calls and recording what it was sent). The first sign-in asks it and stores argon2id, the
// second does not ask; a down or failing stand-in is a clear 503, never a 500, and writes nothing; the stand-in sees
// only the one call; the abuse guards run before it is asked; the setting never reaches the browser.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTES } from '@gatehouse/protocol';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ProjectSettings, passwords, projects, userEmails, users } from '../../infra/db/schema';
import { isApiError } from '../../infra/errors';
import { sealPasswordMigrationSecret } from '../../infra/password-migration-secret';
import { expectError } from '../../test-support/answers';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { findOrCreateUserByIdentifier } from '../users';
import {
  askOldProvider,
  PASSWORD_MIGRATION_UNAVAILABLE_MESSAGE,
  passwordMigrationUrl,
} from './lazy-migration';
import { CHEAP_ARGON2, STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const SECRET = 'old-provider-shared-secret-0123456789';
const EMAIL = 'ada@example.com';

interface StandInCall {
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** The old provider: answers each call with `answer(body)` (status and raw body text), or never when it says so. */
interface StandIn {
  url: string;
  calls: StandInCall[];
  answer: (body: { email?: string; password?: string }) => { status: number; body: string } | 'hang';
  close(): Promise<void>;
}

async function startStandIn(): Promise<StandIn> {
  const hanging = new Set<() => void>();
  const standIn: StandIn = {
    url: '',
    calls: [],
    // The old provider knows Ada with STRONG.
    answer: (body) =>
      body.email === EMAIL && body.password === STRONG
        ? { status: 200, body: JSON.stringify({ valid: true }) }
        : { status: 200, body: JSON.stringify({ valid: false }) },
    close: async () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(text) as { email?: string; password?: string };
      standIn.calls.push({ headers: request.headers, body });
      const answer = standIn.answer(body);
      if (answer === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/signin`;
  return standIn;
}

/** A loopback URL nothing listens on: a stand-in that is down. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/signin`;
}

describe.each(testDatabaseKinds())('lazy password migration on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  let standIn: StandIn;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery, argon2: CHEAP_ARGON2 });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
    standIn = await startStandIn();
    await setSettings({ password_migration_url: standIn.url, secret: SECRET });
  });
  afterEach(async () => {
    await standIn.close();
  });

  /** Sets the test project's migration settings as the project file would store them (the cache is cleared). */
  async function setSettings(options: {
    password_migration_url: string | null;
    secret?: string | null;
    more?: Partial<ProjectSettings>;
  }): Promise<void> {
    const sealed = sealPasswordMigrationSecret(t.ctx.secrets, {
      projectId: t.project.id,
      secret: options.secret ?? null,
    });
    await t.ctx.db
      .update(projects)
      .set({
        settings: {
          ...t.project.settings,
          password_migration_url: options.password_migration_url,
          ...sealed,
          ...options.more,
        },
      })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
  }

  const signIn = (email: string, password: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: P.authenticate,
      publicToken: t.publicToken,
      body: { email, password, session_duration_minutes: 30 },
    });

  const userCount = async () => Number((await t.ctx.db.select({ n: count() }).from(users))[0]?.n ?? 0);

  it('the first sign-in asks the stand-in once and stores argon2id; the second does not ask', async () => {
    const first = await signIn(EMAIL, STRONG);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data.user.emails).toEqual([{ email_id: expect.any(String), email: EMAIL, verified: false }]);
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'password', delivery_method: 'knowledge' }),
    ]);
    const [row] = await t.ctx.db.select().from(passwords).where(eq(passwords.userId, data.user_id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);

    const second = await signIn(EMAIL, STRONG);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user_id).toBe(data.user_id);
    // A wrong password now is checked against the stored hash, not asked either.
    expectError(await signIn(EMAIL, STRONG_2), 401, 'unauthorized_credentials');

    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]?.body).toEqual({ email: EMAIL, password: STRONG });
    expect(standIn.calls[0]?.headers['content-type']).toBe('application/json');
    expect(standIn.calls[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('keeps what the old provider says of the address: verified, and the name', async () => {
    standIn.answer = () => ({
      status: 200,
      body: JSON.stringify({
        valid: true,
        email_verified: true,
        name: { first_name: 'Ada', last_name: 'Lovelace' },
      }),
    });
    const response = await signIn('Ada@Example.com', STRONG);
    expect(response.statusCode, response.body).toBe(200);
    const { user } = response.json().data;
    expect(user.emails).toEqual([{ email_id: expect.any(String), email: EMAIL, verified: true }]);
    expect(user.name).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(standIn.calls[0]?.body).toEqual({ email: EMAIL, password: STRONG });
  });

  it('a password shorter than today’s rule signs in when the old provider accepts it (issue 24 item 1)', async () => {
    standIn.answer = (body) => ({
      status: 200,
      body: JSON.stringify({ valid: body.password === 'Qz7#kPw' }),
    });
    const response = await signIn(EMAIL, 'Qz7#kPw');
    expect(response.statusCode, response.body).toBe(200);
    expect(standIn.calls).toHaveLength(1);
  });

  it('a wrong password is 401 unauthorized_credentials, counted, and creates nothing', async () => {
    expectError(await signIn(EMAIL, STRONG_2), 401, 'unauthorized_credentials');
    standIn.answer = () => ({ status: 404, body: '{"error":"user not found"}' });
    expectError(await signIn('grace@example.com', STRONG), 401, 'unauthorized_credentials');
    expect(await userCount()).toBe(0);
    expect(await t.ctx.db.select().from(passwords)).toEqual([]);
    expect(standIn.calls).toHaveLength(2);
  });

  it.each([
    ['down (a closed port)', null],
    ['answering 500', { status: 500, body: 'oops' }],
    ['answering 200 with a body that is not the contract', { status: 200, body: '<html>' }],
    ['answering 200 without "valid"', { status: 200, body: '{"ok":true}' }],
    ['redirecting', { status: 302, body: '' }],
  ] as const)(
    'a stand-in %s is 503 password_migration_unavailable, never a 500, and writes nothing',
    async (_, answer) => {
      if (answer === null) {
        await setSettings({ password_migration_url: await closedPortUrl(), secret: SECRET });
      } else {
        standIn.answer = () => answer;
      }
      const response = await signIn(EMAIL, STRONG);
      expectError(response, 503, 'password_migration_unavailable');
      expect(response.json().error_message).toBe(PASSWORD_MIGRATION_UNAVAILABLE_MESSAGE);
      expect(await userCount()).toBe(0);
      expect(await t.ctx.db.select().from(passwords)).toEqual([]);
      expect(response.body).not.toContain(SECRET);
    },
  );

  it('an existing user with a password never triggers a call, right or wrong', async () => {
    const created = await sdkRequest(t.app, {
      method: 'POST',
      url: P.create,
      publicToken: t.publicToken,
      body: { email: EMAIL, password: STRONG_2 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await signIn(EMAIL, STRONG_2)).statusCode).toBe(200);
    expectError(await signIn(EMAIL, STRONG), 401, 'unauthorized_credentials');
    expect(standIn.calls).toEqual([]);
  });

  it('an existing user without a password gets the migrated one (the same user)', async () => {
    const owner = await findOrCreateUserByIdentifier(t.ctx, {
      kind: 'email',
      projectId: t.project.id,
      tokenMode: 'test',
      value: EMAIL,
      status: 'active',
    });
    const response = await signIn(EMAIL, STRONG);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.user_id).toBe(owner.userId);
    expect(await userCount()).toBe(1);
    expect((await signIn(EMAIL, STRONG)).statusCode).toBe(200);
    expect(standIn.calls).toHaveLength(1);
  });

  it('the existing-password reset migrates the old password too, then sets the new one', async () => {
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: P.existingPasswordReset,
      publicToken: t.publicToken,
      body: { email: EMAIL, existing_password: STRONG, new_password: STRONG_2, session_duration_minutes: 30 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await signIn(EMAIL, STRONG_2)).statusCode).toBe(200);
    expectError(await signIn(EMAIL, STRONG), 401, 'unauthorized_credentials');
    expect(standIn.calls).toHaveLength(1);
  });

  it('without the setting nothing is asked', async () => {
    await setSettings({ password_migration_url: null });
    expectError(await signIn(EMAIL, STRONG), 401, 'unauthorized_credentials');
    expect(standIn.calls).toEqual([]);
    expect(await userCount()).toBe(0);
  });

  it('sends no Authorization header when the project has no secret', async () => {
    await setSettings({ password_migration_url: standIn.url, secret: null });
    expect((await signIn(EMAIL, STRONG)).statusCode).toBe(200);
    expect(standIn.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('the abuse guards run before the old provider is asked: a locked address is not asked', async () => {
    await setSettings({
      password_migration_url: standIn.url,
      secret: SECRET,
      more: { max_consecutive_failures: 2 },
    });
    expectError(await signIn(EMAIL, STRONG_2), 401, 'unauthorized_credentials');
    expectError(await signIn(EMAIL, STRONG_2), 401, 'unauthorized_credentials');
    // BF-09: the ceiling is reached; even the right password is not checked, here or there.
    expectError(await signIn(EMAIL, STRONG), 400, 'reset_password');
    expect(standIn.calls).toHaveLength(2);
    expect(await userCount()).toBe(0);
  });

  it('the bootstrap answer never carries the migration settings', async () => {
    const response = await sdkRequest(t.app, {
      method: 'GET',
      url: `/projects/bootstrap/${t.publicToken}`,
      publicToken: t.publicToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password_migration|127\.0\.0\.1/);
    expect(response.body).not.toContain(SECRET);
  });

  it('the stored secret is encrypted (the settings never hold it in plain text)', async () => {
    const [row] = await t.ctx.db.select().from(projects).where(eq(projects.id, t.project.id));
    expect(row?.settings.password_migration_secret_ciphertext).toEqual(expect.any(String));
    expect(JSON.stringify(row?.settings)).not.toContain(SECRET);
    expect(await t.ctx.db.select().from(userEmails)).toEqual([]);
  });
});

describe('askOldProvider', () => {
  const log = { warn: () => {}, error: () => {} } as never;

  it('gives up after the timeout with password_migration_unavailable', async () => {
    const standIn = await startStandIn();
    standIn.answer = () => 'hang';
    try {
      const started = Date.now();
      const error = await askOldProvider(
        { log },
        { url: standIn.url, secret: null, email: EMAIL, password: STRONG, timeoutMs: 200 },
      ).catch((thrown: unknown) => thrown);
      expect(isApiError(error) && error.errorType).toBe('password_migration_unavailable');
      expect(isApiError(error) && error.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await standIn.close();
    }
  });

  it('reads 401 and 403 as not valid', async () => {
    const standIn = await startStandIn();
    try {
      for (const status of [401, 403]) {
        standIn.answer = () => ({ status, body: '' });
        await expect(
          askOldProvider({ log }, { url: standIn.url, secret: null, email: EMAIL, password: STRONG }),
        ).resolves.toEqual({ valid: false });
      }
    } finally {
      await standIn.close();
    }
  });

  it('never calls an http URL in production', () => {
    const request = {
      project: { settings: { password_migration_url: 'http://old.example.com/x' } },
      log,
    } as never;
    expect(() => passwordMigrationUrl({ config: { env: 'production' } as never }, request)).toThrow(
      PASSWORD_MIGRATION_UNAVAILABLE_MESSAGE,
    );
    expect(passwordMigrationUrl({ config: { env: 'development' } as never }, request)).toBe(
      'http://old.example.com/x',
    );
  });
});
