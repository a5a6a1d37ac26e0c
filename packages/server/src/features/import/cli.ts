// Issue 14 items 3 and 4: `npm run import -- --from stytch|clerk|auth0|gatehouse FILE [--project ID]` and
// `npm run export [-- --project ID] > users.jsonl` (scripts/import.ts, scripts/export.ts run these). They open the
// database the server would (DATABASE_URL, else PGlite in DATA_DIR, default ./data as `npm start`; infra/config.ts)
// through buildApp, so SECRET_KEY is checked and TOTP secrets are encrypted exactly as the server does, without
// listening. The project is --project, else the only project, else the development project.
//
// PGlite is single-process: two processes on one DATA_DIR would corrupt it. While PGlite has the folder open it holds
// a postmaster.pid there (removed when it closes), so its presence means a server is running (or one did not close
// cleanly) and the commands refuse to start.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ne } from 'drizzle-orm';
import { buildApp, type GatehouseApp } from '../../app';
import { ConfigError, loadConfig } from '../../infra/config';
import type { ProjectRecord } from '../../infra/context';
import { projects } from '../../infra/db/schema';
import { isApiError } from '../../infra/errors';
import { SERVER_PACKAGE_ROOT } from '../../infra/package-root';
import { DEV_PROJECT_NAME, OPERATORS_PROJECT_ID } from '../projects/project-service';
import { exportUsersAsJsonLines } from './export-users';
import type { ImportProgress, ImportSummary } from './import-users';
import { IMPORT_SOURCES, type ImportSource } from './portable-user';
import { detectExportFormat, otherFormatMessage } from './provider-formats/detect';
import { importExportFile } from './run-import';

/** Every line the commands print (DESIGN.md convention 6: user-visible strings in one table). */
export const CLI_STRINGS = {
  importUsage: [
    'Usage: npm run import -- --from stytch|clerk|auth0|gatehouse FILE [--project ID] [--batch-size N]',
    '                         [--dry-run] [--allow-partial]',
    '',
    'Imports the users of FILE (a Stytch, Clerk or Auth0 export, or a Gatehouse export) into a project: the only',
    'project, the development project, or --project. Rows already imported are counted and left alone; bad rows',
    'are reported and skipped, and so is every field of an imported row that could not be kept, with why.',
    '  --dry-run        print the whole report and write nothing',
    '  --allow-partial  exit 0 even when rows were skipped',
    'Exit codes: 0 every row imported (or already there); 3 rows were skipped (without --allow-partial);',
    '1 the file or the database cannot be used (a file of another format is named); 2 bad usage.',
    'The database is the server’s: DATABASE_URL, else DATA_DIR (default ./data).',
    'With the embedded database (no DATABASE_URL), stop the server first: PGlite is single-process.',
  ].join('\n'),
  exportUsage: [
    'Usage: npm run export [-- --project ID] > users.jsonl',
    '',
    'Writes every user of a project as JSON lines (Gatehouse export format; `npm run import -- --from gatehouse`',
    'reads it back). The database is the server’s: DATABASE_URL, else DATA_DIR (default ./data).',
    'With the embedded database (no DATABASE_URL), stop the server first: PGlite is single-process.',
  ].join('\n'),
  databaseInUse: (dataDir: string) =>
    `The embedded database in ${dataDir} is open in another process (postmaster.pid is there). PGlite is ` +
    'single-process: stop the Gatehouse server, then run this again. If no server is running, it stopped without ' +
    `closing the database: start and stop it once, or delete ${join(dataDir, 'postmaster.pid')}.`,
  unknownSource: (source: string) =>
    `--from must be one of ${IMPORT_SOURCES.join(', ')} (got ${JSON.stringify(source)}).`,
  missingFile: 'Name the export file to import.',
  unreadableFile: (file: string, why: string) => `Cannot read ${file}: ${why}`,
  badBatchSize: '--batch-size must be a whole number from 1 to 5000.',
  unknownOption: (option: string) => `Unknown option ${option}.`,
  noProject: 'There is no project in this database yet: start the server once, or pass --project.',
  projectNotFound: (id: string) => `No project ${id} in this database.`,
  whichProject: (list: string) => `This database has several projects; pass --project with one of: ${list}.`,
  importing: (file: string, project: string) => `Importing ${file} into project ${project}…`,
  summary: (summary: ImportSummary, dryRun: boolean) =>
    `${dryRun ? 'Dry run, nothing was written. Would import' : 'Imported'} ${summary.imported}, already imported ${summary.already_imported}, skipped ${summary.skipped.length}, imported without some fields ${summary.dropped.length}.`,
  skippedHeading: 'Skipped rows:',
  skippedRow: (row: { row: number; external_id: string | null; reason: string; message: string }) =>
    `  row ${row.row}${row.external_id === null ? '' : ` (${row.external_id})`}: ${row.reason} — ${row.message}`,
  droppedHeading: 'Fields not imported:',
  droppedRow: (row: { row: number; external_id: string }) => `  row ${row.row} (${row.external_id}):`,
  droppedField: (field: { field: string; reason: string }) => `    ${field.field} — ${field.reason}`,
  partial: (skipped: number) =>
    `${skipped} row(s) were skipped; exiting with code 3. Fix them and import the file again (imported rows are left alone), or pass --allow-partial.`,
  exported: (count: number, project: string) => `Exported ${count} user(s) of project ${project}.`,
} as const;

export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** A stream's write: false asks the export to wait for 'drain' (a pipe slower than the database). */
  stdout: { write(text: string): unknown; once?(event: 'drain', listener: () => void): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

interface ParsedArguments {
  options: Map<string, string>;
  positional: string[];
  help: boolean;
}

const VALUE_OPTIONS = new Set(['--from', '--project', '--batch-size']);
/** Flags without a value (issue 24 item 4), read as options set to 'true'. */
const FLAG_OPTIONS = new Set(['--dry-run', '--allow-partial']);

/** Issue 24 item 4: the exit code of an import that skipped rows without --allow-partial. */
export const EXIT_ROWS_SKIPPED = 3;

function parseArguments(argv: string[]): ParsedArguments | { unknown: string } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  let help = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') help = true;
    else if (FLAG_OPTIONS.has(argument)) options.set(argument, 'true');
    else if (argument.startsWith('--')) {
      const [name, inline] = argument.split('=', 2) as [string, string | undefined];
      if (!VALUE_OPTIONS.has(name)) return { unknown: argument };
      const value = inline ?? argv[++index];
      if (value === undefined) return { unknown: argument };
      options.set(name, value);
    } else positional.push(argument);
  }
  return { options, positional, help };
}

/** The progress bar on stderr: `\r` updates on a terminal, a line every 10 % otherwise. */
export function progressReporter(stderr: CliIo['stderr']): (progress: ImportProgress) => void {
  let lastTenth = -1;
  const width = 30;
  return ({ done, total }) => {
    const fraction = total === 0 ? 1 : done / total;
    const percent = Math.floor(fraction * 100);
    const filled = Math.round(fraction * width);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`;
    if (stderr.isTTY) {
      stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(percent / 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      stderr.write(`${line}\n`);
    }
  };
}

class CliFailure extends Error {}

/** The app on the server's database (not listening), or a refusal when PGlite's folder is in use. */
async function openApp(env: NodeJS.ProcessEnv): Promise<GatehouseApp> {
  const withDefaults = { ...env };
  // `npm start`'s default (scripts/start.mjs): PGlite persisted in ./data of the repository.
  if (!withDefaults.DATABASE_URL && !withDefaults.DATA_DIR)
    withDefaults.DATA_DIR = join(SERVER_PACKAGE_ROOT, '..', '..', 'data');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(withDefaults);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliFailure(error.message);
    throw error;
  }
  if (config.databaseUrl === null && config.dataDir !== null) {
    if (existsSync(join(config.dataDir, 'postmaster.pid')))
      throw new CliFailure(CLI_STRINGS.databaseInUse(config.dataDir));
  }
  return buildApp({
    config: { ...config, purgeIntervalSeconds: 0, webhookWorkerIntervalMs: 0 },
    logger: false,
  });
}

export async function chooseProject(
  app: GatehouseApp,
  requested: string | undefined,
): Promise<ProjectRecord> {
  // Issue 26 item 2: the operators project holds the console's operators (`npm run console`), never imported users.
  const all = await app.gatehouse.db.select().from(projects).where(ne(projects.id, OPERATORS_PROJECT_ID));
  if (requested !== undefined) {
    const found = all.find((project) => project.id === requested);
    if (!found) throw new CliFailure(CLI_STRINGS.projectNotFound(requested));
    return found;
  }
  if (all.length === 0) throw new CliFailure(CLI_STRINGS.noProject);
  if (all.length === 1) return all[0]!;
  const dev = all.find((project) => project.isDevelopment && project.name === DEV_PROJECT_NAME);
  if (dev) return dev;
  throw new CliFailure(CLI_STRINGS.whichProject(all.map((project) => project.id).join(', ')));
}

export async function withApp(io: CliIo, run: (app: GatehouseApp) => Promise<number>): Promise<number> {
  let app: GatehouseApp | null = null;
  try {
    app = await openApp(io.env);
    return await run(app);
  } catch (error) {
    if (error instanceof CliFailure || isApiError(error)) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await app?.close();
  }
}

/**
 * `npm run import`: 0 when every row was imported or already there; 3 (EXIT_ROWS_SKIPPED) when rows were skipped,
 * unless --allow-partial (issue 24 item 4: a partial import is not a success by default); 1 when the file or the
 * setup is unusable; 2 on bad usage.
 */
export async function runImportCli(io: CliIo): Promise<number> {
  const parsed = parseArguments(io.argv);
  if ('unknown' in parsed) {
    io.stderr.write(`${CLI_STRINGS.unknownOption(parsed.unknown)}\n${CLI_STRINGS.importUsage}\n`);
    return 2;
  }
  if (parsed.help) {
    io.stdout.write(`${CLI_STRINGS.importUsage}\n`);
    return 0;
  }
  const source = parsed.options.get('--from') ?? '';
  if (!(IMPORT_SOURCES as readonly string[]).includes(source)) {
    io.stderr.write(`${CLI_STRINGS.unknownSource(source)}\n${CLI_STRINGS.importUsage}\n`);
    return 2;
  }
  const file = parsed.positional[0];
  if (file === undefined) {
    io.stderr.write(`${CLI_STRINGS.missingFile}\n${CLI_STRINGS.importUsage}\n`);
    return 2;
  }
  const batchText = parsed.options.get('--batch-size');
  const batchSize = batchText === undefined ? undefined : Number(batchText);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000)) {
    io.stderr.write(`${CLI_STRINGS.badBatchSize}\n`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    io.stderr.write(`${CLI_STRINGS.unreadableFile(file, (error as Error).message)}\n`);
    return 1;
  }
  // Issue 24 item 4: a file of another format is named before the database is opened.
  const detected = detectExportFormat(text);
  if (detected !== null && detected !== source) {
    io.stderr.write(`${otherFormatMessage(source as ImportSource, detected)}\n`);
    return 1;
  }
  const dryRun = parsed.options.has('--dry-run');
  return withApp(io, async (app) => {
    const project = await chooseProject(app, parsed.options.get('--project'));
    io.stderr.write(`${CLI_STRINGS.importing(file, project.id)}\n`);
    const summary = await importExportFile(app.gatehouse, {
      projectId: project.id,
      source: source as ImportSource,
      text,
      dryRun,
      ...(batchSize !== undefined ? { batchSize } : {}),
      onProgress: progressReporter(io.stderr),
    });
    printSummary(io, summary, dryRun);
    if (summary.skipped.length > 0 && !parsed.options.has('--allow-partial')) {
      io.stderr.write(`${CLI_STRINGS.partial(summary.skipped.length)}\n`);
      return EXIT_ROWS_SKIPPED;
    }
    return 0;
  });
}

/** The summary, then every skipped row and every imported row's dropped fields (issue 24 item 4). */
function printSummary(io: CliIo, summary: ImportSummary, dryRun: boolean): void {
  io.stdout.write(`${CLI_STRINGS.summary(summary, dryRun)}\n`);
  if (summary.skipped.length > 0) io.stdout.write(`${CLI_STRINGS.skippedHeading}\n`);
  for (const row of summary.skipped) io.stdout.write(`${CLI_STRINGS.skippedRow(row)}\n`);
  if (summary.dropped.length > 0) io.stdout.write(`${CLI_STRINGS.droppedHeading}\n`);
  for (const row of summary.dropped) {
    io.stdout.write(`${CLI_STRINGS.droppedRow(row)}\n`);
    for (const field of row.fields) io.stdout.write(`${CLI_STRINGS.droppedField(field)}\n`);
  }
}

/** `npm run export`: the JSON lines on stdout, a count on stderr. */
export async function runExportCli(io: CliIo): Promise<number> {
  const parsed = parseArguments(io.argv);
  if ('unknown' in parsed || parsed.positional.length > 0) {
    const what = 'unknown' in parsed ? parsed.unknown : parsed.positional[0]!;
    io.stderr.write(`${CLI_STRINGS.unknownOption(what)}\n${CLI_STRINGS.exportUsage}\n`);
    return 2;
  }
  if (parsed.help) {
    io.stdout.write(`${CLI_STRINGS.exportUsage}\n`);
    return 0;
  }
  return withApp(io, async (app) => {
    const project = await chooseProject(app, parsed.options.get('--project'));
    let count = 0;
    for await (const chunk of exportUsersAsJsonLines(app.gatehouse, { projectId: project.id })) {
      count += chunk.split('\n').length - 1;
      if (io.stdout.write(chunk) === false && io.stdout.once)
        await new Promise<void>((resolve) => io.stdout.once!('drain', resolve));
    }
    io.stderr.write(`${CLI_STRINGS.exported(count, project.id)}\n`);
    return 0;
  });
}
