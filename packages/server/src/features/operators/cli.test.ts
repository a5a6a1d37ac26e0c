// Issue 26 item 2: "`npm run console -- add-operator EMAIL --role ROLE` is the recovery path". Bad usage exits 2 with
// a clear message before any database is opened (the real script too, as a process); against an embedded database in
// a folder of its own, add-operator adds or re-roles an operator, list-operators prints them, and demoting the last
// owner is refused with exit 1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_PACKAGE_ROOT } from '../../infra/package-root';
import { migratedPgliteFolder, queryOnce } from '../../test-support/database';
import type { CliIo } from '../import/cli';
import { CONSOLE_CLI_STRINGS, parseConsoleArguments, runConsoleCli } from './cli';

function io(argv: string[], env: NodeJS.ProcessEnv = {}) {
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

describe('npm run console', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-console-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reads its arguments, refusing a bad role, address or command by name', () => {
    expect(parseConsoleArguments(['add-operator', 'A@Example.com', '--role', 'owner'])).toEqual({
      command: 'add-operator',
      email: 'a@example.com',
      role: 'owner',
    });
    expect(parseConsoleArguments(['add-operator', '--role=viewer', 'v@example.com'])).toMatchObject({
      role: 'viewer',
    });
    expect(parseConsoleArguments(['list-operators'])).toEqual({ command: 'list-operators' });
    expect(parseConsoleArguments([])).toEqual({ command: 'help' });
    expect(parseConsoleArguments(['add-operator', 'a@example.com', '--role', 'boss'])).toEqual({
      error: '--role must be one of owner, admin, support, viewer, auditor (got "boss").',
    });
    expect(parseConsoleArguments(['add-operator', 'a@example.com'])).toEqual({
      error: CONSOLE_CLI_STRINGS.missingRole,
    });
    expect(parseConsoleArguments(['add-operator', '--role', 'owner'])).toEqual({
      error: CONSOLE_CLI_STRINGS.missingEmail,
    });
    expect(parseConsoleArguments(['add-operator', 'nobody', '--role', 'owner'])).toEqual({
      error: '"nobody" is not an e-mail address.',
    });
    expect(parseConsoleArguments(['remove-everyone'])).toEqual({
      error: 'Unknown command "remove-everyone": use add-operator or list-operators.',
    });
    expect(parseConsoleArguments(['list-operators', 'extra'])).toEqual({
      error: 'Unexpected argument "extra".',
    });
  });

  it('the script exits 2 on a bad role, saying which roles there are, without opening a database', () => {
    const root = resolve(SERVER_PACKAGE_ROOT, '..', '..');
    const result = spawnSync(
      process.execPath,
      [
        '--conditions=@gatehouse/source',
        '--import',
        'tsx',
        'scripts/console.ts',
        'add-operator',
        'a@example.com',
        '--role',
        'boss',
      ],
      // A DATA_DIR that does not exist: had the command opened a database, it would have made one there.
      { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: join(dataDir, 'never') } },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      '--role must be one of owner, admin, support, viewer, auditor (got "boss").',
    );
    expect(result.stderr).toContain('Usage: npm run console -- add-operator EMAIL --role ROLE');
  }, 60_000);

  it('adds an operator to the embedded database, lists them, and refuses to demote the last owner', async () => {
    // A migrated data folder, as an installation has by the time its operator runs this (making one is ~4 s of CPU).
    await migratedPgliteFolder(dataDir);
    const env = { DATA_DIR: dataDir, NODE_ENV: 'development', PORT: '3000' };
    const added = io(['add-operator', 'Owner@Example.com', '--role', 'owner'], env);
    expect(await runConsoleCli(added.value), added.err()).toBe(0);
    expect(added.out()).toBe(
      'Added owner@example.com as owner.\nThey sign in at http://localhost:3000/console with a login link, then set up a passkey or an authenticator app.\n',
    );

    const listed = io(['list-operators'], env);
    expect(await runConsoleCli(listed.value)).toBe(0);
    expect(listed.out()).toMatch(
      /^owner@example\.com\towner\tno second factor yet\toperator-[0-9a-f-]{36}\n$/,
    );

    const demoted = io(['add-operator', 'owner@example.com', '--role', 'viewer'], env);
    expect(await runConsoleCli(demoted.value)).toBe(1);
    expect(demoted.err()).toContain('This is the last owner');
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'works on PostgreSQL (DATABASE_URL) the same way',
    async () => {
      const name = `gatehouse_console_cli_${randomBytes(6).toString('hex')}`;
      await queryOnce(`CREATE DATABASE "${name}"`);
      try {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const env = {
          DATABASE_URL: url.toString(),
          SECRET_KEY: randomBytes(32).toString('base64url'),
          NODE_ENV: 'development',
        };
        const added = io(['add-operator', 'admin@example.com', '--role', 'admin'], env);
        expect(await runConsoleCli(added.value), added.err()).toBe(0);
        const promoted = io(['add-operator', 'admin@example.com', '--role', 'owner'], env);
        expect(await runConsoleCli(promoted.value), promoted.err()).toBe(0);
        expect(promoted.out()).toContain('admin@example.com is now owner.');
        const listed = io(['list-operators'], env);
        expect(await runConsoleCli(listed.value)).toBe(0);
        expect(listed.out()).toMatch(/^admin@example\.com\towner\t/);
      } finally {
        await queryOnce(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    },
    180_000,
  );
});
