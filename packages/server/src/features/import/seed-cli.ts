// Issue 23 item 6: `npm run seed -- --users 1000000 [--database-url URL] [--project ID] [--password P] [--start N]`
// (scripts/seed-users.ts) fills a project with synthetic users for scale tests (seed-users.ts). It opens the
// database the server would, through buildApp without listening, as `npm run import` does (cli.ts), so SECRET_KEY
// encrypts the TOTP secrets exactly as the server will read them.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type CliIo, chooseProject, progressReporter, withApp } from './cli';
import { drizzleExecutor, seedEmail, seedSessionToken, seedUsers, sqlTextExecutor } from './seed-users';

/** Every line the command prints (DESIGN.md convention 6). */
export const SEED_CLI_STRINGS = {
  usage: [
    'Usage: npm run seed -- --users N [--database-url URL] [--project ID] [--password P] [--start N] [--batch-size N]',
    '',
    'Adds N synthetic users to a project (the only project, the development project, or --project), each with an',
    'e-mail seed-user-<n>@example.com and a live session; 60 % a password, 30 % a phone, 20 % a Google link, 10 % a',
    'passkey, 5 % an authenticator app, 3 % a wallet. Every password is --password (default: a random one, printed),',
    'hashed once. n starts after the last seeded user (or at --start). The database is --database-url, else the',
    'server’s: DATABASE_URL, else DATA_DIR (default ./data). Needs a superuser role (bulk load with triggers off).',
  ].join('\n'),
  badNumber: (option: string) => `${option} must be a whole number (--users from 1 to 100,000,000).`,
  unknownOption: (option: string) => `Unknown option ${option}.`,
  production:
    'Refusing to seed a production server’s database (NODE_ENV=production): seeded users share one known password.',
  seeding: (users: number, project: string, start: number) =>
    `Seeding ${users} users into project ${project}, from n = ${start}…`,
  done: (users: number, seconds: string) => `Seeded ${users} users in ${seconds} s.`,
  password: (password: string) => `Password of every user with a password: ${password}`,
  example: (n: number, email: string, token: string) =>
    `User ${n}: e-mail ${email}, session token ${token} (user n's token: the same with n at the end).`,
} as const;

const VALUE_OPTIONS = new Set([
  '--users',
  '--database-url',
  '--project',
  '--password',
  '--start',
  '--batch-size',
]);
const MAX_USERS = 100_000_000;

function parse(argv: string[]): Map<string, string> | { unknown: string } | 'help' {
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') return 'help';
    const [name, inline] = argument.split('=', 2) as [string, string | undefined];
    if (!VALUE_OPTIONS.has(name)) return { unknown: argument };
    const value = inline ?? argv[++index];
    if (value === undefined) return { unknown: argument };
    options.set(name, value);
  }
  return options;
}

function wholeNumber(text: string | undefined, max: number): number | null | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}

export async function runSeedCli(io: CliIo): Promise<number> {
  const parsed = parse(io.argv);
  if (parsed === 'help') {
    io.stdout.write(`${SEED_CLI_STRINGS.usage}\n`);
    return 0;
  }
  if ('unknown' in parsed) {
    io.stderr.write(`${SEED_CLI_STRINGS.unknownOption(parsed.unknown)}\n${SEED_CLI_STRINGS.usage}\n`);
    return 2;
  }
  const users = wholeNumber(parsed.get('--users'), MAX_USERS);
  const start = wholeNumber(parsed.get('--start'), MAX_USERS);
  const batchSize = wholeNumber(parsed.get('--batch-size'), 1_000_000);
  for (const [option, value] of [
    ['--users', users],
    ['--start', start],
    ['--batch-size', batchSize],
  ] as const) {
    if (value === null || (option === '--users' && !value) || (option === '--batch-size' && value === 0)) {
      io.stderr.write(`${SEED_CLI_STRINGS.badNumber(option)}\n${SEED_CLI_STRINGS.usage}\n`);
      return 2;
    }
  }
  const databaseUrl = parsed.get('--database-url');
  const env = databaseUrl ? { ...io.env, DATABASE_URL: databaseUrl } : io.env;
  const password = parsed.get('--password') ?? `Seed-${randomBytes(9).toString('base64url')}-42`;
  return withApp({ ...io, env }, async (app) => {
    const ctx = app.gatehouse;
    if (ctx.config.env === 'production') {
      io.stderr.write(`${SEED_CLI_STRINGS.production}\n`);
      return 1;
    }
    const project = await chooseProject(app, parsed.get('--project'));
    const from = start ?? (await nextSeedNumber(app, project.id));
    io.stderr.write(`${SEED_CLI_STRINGS.seeding(users!, project.id, from)}\n`);
    const passwordHash = await ctx.passwords.hash(password);
    const client = ctx.config.databaseUrl
      ? new pg.Client({ connectionString: ctx.config.databaseUrl })
      : null;
    await client?.connect();
    const run = client ? sqlTextExecutor((text) => client.query(text)) : drizzleExecutor(ctx.db);
    const seeded = await seedUsers(ctx, run, {
      projectId: project.id,
      tokenMode: 'test',
      users: users!,
      start: from,
      passwordHash,
      ...(batchSize ? { batchSize } : {}),
      onProgress: progressReporter(io.stderr),
    }).finally(() => client?.end());
    io.stdout.write(`${SEED_CLI_STRINGS.done(seeded.users, (seeded.milliseconds / 1000).toFixed(1))}\n`);
    io.stdout.write(`${SEED_CLI_STRINGS.password(password)}\n`);
    io.stdout.write(
      `${SEED_CLI_STRINGS.example(from, seedEmail(from), seedSessionToken(seeded.sessionTokenPrefix, from))}\n`,
    );
    return 0;
  });
}

/** One past the highest n among the project's seeded addresses (0 when none): a second run appends. */
async function nextSeedNumber(app: Parameters<Parameters<typeof withApp>[1]>[0], projectId: string) {
  const result =
    await app.gatehouse.db.execute(sql`SELECT coalesce(max(substring(email FROM '^seed-user-([0-9]+)@example[.]com$')::bigint) + 1, 0)::int AS next
    FROM user_emails WHERE project_id = ${projectId} AND email LIKE 'seed-user-%@example.com'`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    next: number;
  }>;
  return Number(rows[0]?.next ?? 0);
}
