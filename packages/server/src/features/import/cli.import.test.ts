// Issue 24 item 4 through `npm run import` itself (runImportCli on an embedded database in a temporary DATA_DIR, as
// a fresh machine runs it): a file of another format is named and refused before the database is opened (exit 1),
// `--dry-run` prints the whole report — skipped rows and dropped fields — and writes nothing, a run that skips rows
// exits 3 unless `--allow-partial`, and the progress total counts every row of the file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, EXIT_ROWS_SKIPPED, runImportCli } from './cli';
import { readFixture } from './fixtures';
import { portableUser, toJsonLines } from './test-helpers';

function io(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    argv,
    env,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
  };
  return { value, out: () => out.join(''), err: () => err.join('') };
}

describe('npm run import on an embedded database', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let file: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-import-cli-'));
    env = { DATA_DIR: join(dir, 'data'), NODE_ENV: 'development' };
    file = join(dir, 'users.jsonl');
    // Row 2 is not JSON, row 3 has no way to sign in; row 1 is good.
    const good = portableUser({
      external_id: 'good',
      emails: [{ email: 'good@example.com', verified: true }],
    });
    const lonely = portableUser({ external_id: 'lonely', emails: [], username: 'lonely' });
    const [first, third] = toJsonLines([good, lonely]).trim().split('\n');
    writeFileSync(file, `${first}\n{not json\n${third}\n`);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('names a file of another format and opens no database', async () => {
    const auth0 = join(dir, 'auth0.json');
    writeFileSync(auth0, readFixture('auth0'));
    const call = io(['--from', 'clerk', auth0], env);
    expect(await runImportCli(call.value)).toBe(1);
    expect(call.err()).toContain(
      'looks like an export from Auth0, not from Clerk: import it with --from auth0',
    );
  });

  it('--dry-run reports every row and writes nothing; skipped rows exit 3 unless --allow-partial', async () => {
    const dry = io(['--from', 'gatehouse', file, '--dry-run'], env);
    expect(await runImportCli(dry.value)).toBe(EXIT_ROWS_SKIPPED);
    expect(dry.out()).toContain(
      'Dry run, nothing was written. Would import 1, already imported 0, skipped 2',
    );
    expect(dry.out()).toContain('row 2: malformed_row');
    expect(dry.out()).toContain('row 3 (lonely): no_sign_in_identifier');
    // The progress total is the file's every row, the one refused while parsing included.
    expect(dry.err()).toContain('100% 3/3');
    expect(dry.err()).toContain('--allow-partial');

    // Nothing was written: the real run imports the good row.
    const partial = io(['--from', 'gatehouse', file, '--allow-partial'], env);
    expect(await runImportCli(partial.value)).toBe(0);
    expect(partial.out()).toContain('Imported 1, already imported 0, skipped 2');

    const again = io(['--from', 'gatehouse', file], env);
    expect(await runImportCli(again.value)).toBe(EXIT_ROWS_SKIPPED);
    expect(again.out()).toContain('Imported 0, already imported 1, skipped 2');
  });
});
