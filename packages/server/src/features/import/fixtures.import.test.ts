// Issue 14 "Tests that show it", through the whole pipeline: each provider's fixture (fixtures/, in that provider's
// own format with known passwords) imported with importExportFile — every user written, exactly the rows meant to be
// refused reported — then every known password signs in through POST /sdk/v1/passwords/authenticate and the user
// holds an argon2id hash afterwards, the imported TOTP secret authenticates, and importing the file again changes
// nothing. Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwords, userEmails } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { TOTP_ROUTES } from '../totps';
import { FIXTURE_PASSWORDS, FIXTURE_SKIPS, FIXTURE_TOTPS, readFixture } from './fixtures';
import { IMPORT_SOURCES } from './portable-user';
import { parseExport } from './provider-formats';
import { importExportFile } from './run-import';

describe.each(testDatabaseKinds())('provider fixtures imported on %s', (kind) => {
  const clock = createTestClock('2030-01-01T00:00:15.000Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  async function storedHash(email: string): Promise<string | undefined> {
    const [row] = await t.ctx.db
      .select({ hash: passwords.hash })
      .from(passwords)
      .innerJoin(userEmails, eq(userEmails.userId, passwords.userId))
      .where(eq(userEmails.email, email));
    return row?.hash;
  }

  describe.each(IMPORT_SOURCES)('%s', (source) => {
    it('imports every user, signs each in with the old password (then argon2id), TOTP works, again changes nothing', async () => {
      const text = readFixture(source);
      const parsed = parseExport(source, text);
      const summary = await importExportFile(t.ctx, { projectId: t.project.id, source, text });
      expect(summary.imported).toBe(parsed.users.length);
      expect(summary.skipped.map(({ row, external_id, reason }) => ({ row, external_id, reason }))).toEqual(
        FIXTURE_SKIPS[source],
      );

      for (const entry of FIXTURE_PASSWORDS[source]) {
        const post = (password: string) =>
          sdkRequest(t.app, {
            method: 'POST',
            url: ROUTES.passwords.authenticate,
            publicToken: t.publicToken,
            body: { email: entry.email, password, session_duration_minutes: 30 },
          });
        expect((await post(`${entry.password}x`)).statusCode, entry.external_id).toBe(401);
        const answer = await post(entry.password);
        expect(answer.statusCode, `${entry.external_id} (${entry.scheme}): ${answer.body}`).toBe(200);
        // Upgraded at this sign-in (issue 14 item 3): today's argon2id parameters.
        expect(await storedHash(entry.email), entry.external_id).toMatch(
          /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
        );
      }

      for (const entry of FIXTURE_TOTPS[source]) {
        const session = await signIn(t.ctx, t.project, entry.email);
        const code = new TOTP({ secret: entry.secret_base32 }).generate({ timestamp: clock.now().getTime() });
        const answer = await sdkRequest(t.app, {
          method: 'POST',
          url: TOTP_ROUTES.authenticate,
          publicToken: t.publicToken,
          sessionToken: session.session_token,
          body: { totp_code: code, session_duration_minutes: 30 },
        });
        expect(answer.statusCode, `${entry.external_id}: ${answer.body}`).toBe(200);
      }

      const again = await importExportFile(t.ctx, { projectId: t.project.id, source, text });
      expect(again.imported).toBe(0);
      expect(again.already_imported).toBe(parsed.users.length);
    });
  });
});
