// Issue 23 item 6: `npm run seed` — usage errors exit 2 without opening a database; on PostgreSQL a run seeds the
// users into the development project and a second run continues after the first (no address taken twice).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli';
import { runSeedCli } from './seed-cli';

function io(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    argv,
    env,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
  };
  return { value, out, err };
}

describe('npm run seed', () => {
  it('exits 2 on bad usage and prints its usage on --help', async () => {
    for (const argv of [
      [],
      ['--users', '0'],
      ['--users', 'many'],
      ['--users', '5', '--batch-size', '0'],
      ['--nope'],
    ]) {
      const run = io(argv);
      expect(await runSeedCli(run.value), argv.join(' ')).toBe(2);
      expect(run.err.join('')).toContain('Usage: npm run seed');
    }
    const help = io(['--help']);
    expect(await runSeedCli(help.value)).toBe(0);
    expect(help.out.join('')).toContain('--users N');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'seeds a PostgreSQL database and appends on a second run',
    async () => {
      const baseUrl = process.env.TEST_DATABASE_URL!;
      const name = `gatehouse_seed_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      try {
        const env = { NODE_ENV: 'test', SECRET_KEY: randomBytes(32).toString('base64url') };
        const first = io(
          ['--users', '30', '--database-url', url.toString(), '--password', 'Tumbling-Kettle-Orbit-4471'],
          env,
        );
        expect(await runSeedCli(first.value), first.err.join('')).toBe(0);
        expect(first.out.join('')).toContain('Seeded 30 users');
        expect(first.out.join('')).toContain('seed-user-0@example.com');
        const second = io(['--users', '20', '--database-url', url.toString()], env);
        expect(await runSeedCli(second.value), second.err.join('')).toBe(0);
        expect(second.out.join('')).toContain('seed-user-30@example.com');
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        await check.end();
        expect(rows[0]?.n).toBe(50);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
