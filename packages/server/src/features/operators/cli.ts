// Issue 26 item 2: "`npm run console -- add-operator EMAIL --role ROLE` is the recovery path" (scripts/console.ts runs
// this): it works when nobody can sign in to the console any more — the last owner lost their mailbox, or no
// CONSOLE_OWNER_EMAIL was ever set. It opens the server's database as `npm run import` does (DATABASE_URL, else PGlite
// in DATA_DIR, default ./data; an embedded database another process holds is refused: stop the server first) through
// buildApp, so the operators project exists, and makes the address an operator with the role, or gives an operator
// that role (the change is an event whose actor is the system, source `cli`). `list-operators` prints them.
import type { AppContext } from '../../infra/context';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from '../admin/admin-scopes';
import { type CliIo, withApp } from '../import/cli';
import { parseEmail } from '../magic-links/email-address';
import { listOperators, type Operator, putOperator } from './operator-store';
import { CONSOLE_PATH } from './operators-project';

/** Every line the command prints (DESIGN.md convention 6). */
export const CONSOLE_CLI_STRINGS = {
  usage: [
    'Usage: npm run console -- add-operator EMAIL --role ROLE',
    '       npm run console -- list-operators',
    '',
    'add-operator makes EMAIL an operator of the console with ROLE, or gives an operator that role: the way back in',
    'when nobody can sign in to the console. They sign in at <PUBLIC_URL>/console with a login link sent to EMAIL',
    '(outside production: the dev outbox), then set up a passkey or an authenticator app.',
    `Roles: ${OPERATOR_ROLES.join(', ')}.`,
    'Exit codes: 0 done; 1 the database cannot be used or the change is refused; 2 bad usage.',
    'The database is the server’s: DATABASE_URL, else DATA_DIR (default ./data).',
    'With the embedded database (no DATABASE_URL), stop the server first: PGlite is single-process.',
  ].join('\n'),
  unknownCommand: (command: string) =>
    `Unknown command ${JSON.stringify(command)}: use add-operator or list-operators.`,
  missingEmail: 'Name the e-mail address of the operator: add-operator EMAIL --role ROLE.',
  badEmail: (email: string) => `${JSON.stringify(email)} is not an e-mail address.`,
  missingRole: `Give the role with --role: one of ${OPERATOR_ROLES.join(', ')}.`,
  badRole: (role: string) =>
    `--role must be one of ${OPERATOR_ROLES.join(', ')} (got ${JSON.stringify(role)}).`,
  unexpected: (argument: string) => `Unexpected argument ${JSON.stringify(argument)}.`,
  added: (email: string, role: OperatorRole) => `Added ${email} as ${role}.`,
  changed: (email: string, role: OperatorRole) => `${email} is now ${role}.`,
  unchanged: (email: string, role: OperatorRole) => `${email} is ${role} already; nothing changed.`,
  signInHint: (publicUrl: string) =>
    `They sign in at ${publicUrl}${CONSOLE_PATH} with a login link, then set up a passkey or an authenticator app.`,
  noOperators: 'No operators yet: add one with add-operator EMAIL --role owner (or set CONSOLE_OWNER_EMAIL).',
  operatorLine: (operator: Operator) =>
    `${operator.email ?? '(no e-mail)'}\t${operator.role}\t${operator.second_factor_enrolled ? 'second factor set' : 'no second factor yet'}\t${operator.operator_id}`,
} as const;

/** The actor id of changes made by this command. */
export const CLI_ACTOR_ID = 'console_cli';

type Parsed =
  | { command: 'help' }
  | { command: 'list-operators' }
  | { command: 'add-operator'; email: string; role: OperatorRole }
  | { error: string };

export function parseConsoleArguments(argv: readonly string[]): Parsed {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || rest.includes('--help')) {
    return { command: 'help' };
  }
  if (command === 'list-operators') {
    return rest.length === 0 ? { command } : { error: CONSOLE_CLI_STRINGS.unexpected(rest[0]!) };
  }
  if (command !== 'add-operator') return { error: CONSOLE_CLI_STRINGS.unknownCommand(command) };
  let email: string | null = null;
  let role: string | null = null;
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index]!;
    if (argument === '--role' || argument.startsWith('--role=')) {
      role = argument === '--role' ? (rest[++index] ?? '') : argument.slice('--role='.length);
    } else if (email === null && !argument.startsWith('--')) email = argument;
    else return { error: CONSOLE_CLI_STRINGS.unexpected(argument) };
  }
  if (email === null) return { error: CONSOLE_CLI_STRINGS.missingEmail };
  const parsedEmail = parseEmail(email);
  if (parsedEmail === null) return { error: CONSOLE_CLI_STRINGS.badEmail(email) };
  if (role === null || role === '') return { error: CONSOLE_CLI_STRINGS.missingRole };
  if (!isOperatorRole(role)) return { error: CONSOLE_CLI_STRINGS.badRole(role) };
  return { command, email: parsedEmail, role };
}

/** Makes `email` an operator with `role` (the CLI's change; exported for tests and embedding). */
export async function addOperatorFromCli(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { email: string; role: OperatorRole },
) {
  return putOperator(ctx, {
    email: options.email,
    role: options.role,
    by: { actor: { type: 'system', id: CLI_ACTOR_ID }, request: null, source: 'cli' },
    ifExists: 'set-role',
  });
}

/** `npm run console`: 0 done, 1 the database cannot be used or the change is refused (last owner), 2 bad usage. */
export async function runConsoleCli(io: CliIo): Promise<number> {
  const parsed = parseConsoleArguments(io.argv);
  if ('error' in parsed) {
    io.stderr.write(`${parsed.error}\n\n${CONSOLE_CLI_STRINGS.usage}\n`);
    return 2;
  }
  if (parsed.command === 'help') {
    io.stdout.write(`${CONSOLE_CLI_STRINGS.usage}\n`);
    return 0;
  }
  return withApp(io, async (app) => {
    const ctx = app.gatehouse;
    if (parsed.command === 'list-operators') {
      const operators = await listOperators(ctx);
      if (operators.length === 0) io.stderr.write(`${CONSOLE_CLI_STRINGS.noOperators}\n`);
      for (const operator of operators) io.stdout.write(`${CONSOLE_CLI_STRINGS.operatorLine(operator)}\n`);
      return 0;
    }
    const { operator, change } = await addOperatorFromCli(ctx, parsed);
    const email = operator.email ?? parsed.email;
    const line =
      change === 'added'
        ? CONSOLE_CLI_STRINGS.added(email, operator.role)
        : change === 'role_changed'
          ? CONSOLE_CLI_STRINGS.changed(email, operator.role)
          : CONSOLE_CLI_STRINGS.unchanged(email, operator.role);
    io.stdout.write(`${line}\n${CONSOLE_CLI_STRINGS.signInHint(ctx.config.publicUrl)}\n`);
    return 0;
  });
}
