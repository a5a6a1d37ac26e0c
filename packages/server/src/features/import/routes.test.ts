// Issue 14 items 3 and 4 as backend API calls: POST /v1/users/import and GET /v1/users/export, HTTP Basic of project
// id and secret (a wrong secret or another project refused), the body limit, a bad source or an unreadable file a
// 400, and the export read back as JSON lines that import again as already imported. Every database kind.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../infra/crypto';
import { projects } from '../../infra/db/schema';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { IMPORT_ROUTES } from './routes';
import { IMPORT_BODY_LIMIT } from './schema';
import { portableUser, toJsonLines } from './test-helpers';

const SECRET = `secret-${'s'.repeat(40)}`;

describe.each(testDatabaseKinds())('POST /v1/users/import and GET /v1/users/export on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    await t.ctx.db.update(projects).set({ secretHash: Buffer.from(sha256(SECRET)) });
  });

  function basic(secret = SECRET, projectId = t.project.id): string {
    return `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`;
  }

  function postImport(body: unknown, authorization = basic()) {
    return t.app.inject({
      method: 'POST',
      url: IMPORT_ROUTES.import,
      headers: { authorization, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const users = [
    portableUser({ external_id: 'a', emails: [{ email: 'a@example.com', verified: true }] }),
    portableUser({ external_id: 'b', emails: [{ email: 'b@example.com', verified: false }] }),
  ];

  it('imports a file and answers the summary, flat with status_code and request_id', async () => {
    const answer = await postImport({ from: 'gatehouse', data: `${toJsonLines(users)}\n{oops` });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ status_code: 200, imported: 2, already_imported: 0 });
    expect(body.request_id).toMatch(/^request-id-/);
    expect(body.skipped).toEqual([
      { row: 3, external_id: null, reason: 'malformed_row', message: 'The line is not JSON.' },
    ]);
    const again = await postImport({ from: 'gatehouse', data: toJsonLines(users) });
    expect(again.json()).toMatchObject({ imported: 0, already_imported: 2, skipped: [] });
  });

  it('refuses a wrong secret, another project and no credentials alike, importing nothing', async () => {
    for (const authorization of [basic(`${SECRET}x`), basic(SECRET, 'project-test-nope'), '']) {
      const answer = await postImport({ from: 'gatehouse', data: toJsonLines(users) }, authorization);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error_type).toBe('unauthorized_credentials');
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: IMPORT_ROUTES.export,
      headers: { authorization: basic(`${SECRET}x`) },
    });
    expect(exported.statusCode).toBe(401);
    const listed = await t.app.inject({
      method: 'GET',
      url: IMPORT_ROUTES.export,
      headers: { authorization: basic() },
    });
    expect(listed.body).toBe('');
  });

  it('refuses a body over the limit (413), an unknown source and a missing field (400)', async () => {
    const tooLarge = await postImport({
      from: 'gatehouse',
      data: 'x'.repeat(IMPORT_BODY_LIMIT + 128 * 1024),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error_type).toBe('request_too_large');
    const source = await postImport({ from: 'okta', data: '' });
    expect(source.statusCode).toBe(400);
    const missing = await postImport({ from: 'gatehouse' });
    expect(missing.statusCode).toBe(400);
  });

  it('checks the credentials before reading the body: without the secret, an oversized or malformed body is a 401', async () => {
    const oversized = await postImport(
      { from: 'gatehouse', data: 'x'.repeat(IMPORT_BODY_LIMIT + 128 * 1024) },
      basic(`${SECRET}x`),
    );
    expect(oversized.statusCode).toBe(401);
    const malformed = await postImport({ from: 'okta' }, '');
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error_type).toBe('unauthorized_credentials');
  });

  it('exports the project’s users as JSON lines that import again as already imported', async () => {
    await postImport({ from: 'gatehouse', data: toJsonLines(users) });
    const answer = await t.app.inject({
      method: 'GET',
      url: IMPORT_ROUTES.export,
      headers: { authorization: basic() },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/jsonl');
    const lines = answer.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((user) => user.emails[0].email).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(lines.map((user) => user.external_id).sort()).toEqual(['a', 'b']);
    // Importing our own export into the same project finds every user.
    const back = await postImport({ from: 'gatehouse', data: answer.body });
    expect(back.json()).toMatchObject({ imported: 0, already_imported: 2, skipped: [] });
  });
});
