// Issue 14 items 3 and 4: the CLI's own behaviour without a database — the progress bar (`\r` on a terminal, a line
// every 10 % otherwise), the exit codes (2 for bad usage, 1 for an unreadable file or an embedded database another
// process holds, whose message says to stop the server), and help. The import itself is import-users.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliIo, progressReporter, runExportCli, runImportCli } from './cli';

function io(argv: string[], env: NodeJS.ProcessEnv = {}, isTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    argv,
    env,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text), isTTY },
  };
  return { value, out, err };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the import and export commands', () => {
  it('prints a line every 10 % when stderr is not a terminal', () => {
    const { value, err } = io([]);
    const report = progressReporter(value.stderr);
    for (let done = 0; done <= 1000; done += 50) report({ done, total: 1000 });
    expect(err).toHaveLength(11);
    expect(err.at(-1)).toBe('[##############################] 100% 1000/1000\n');
    expect(err.every((line) => !line.includes('\r'))).toBe(true);
  });

  it('redraws one line with \\r on a terminal', () => {
    const { value, err } = io([], {}, true);
    const report = progressReporter(value.stderr);
    report({ done: 1, total: 3 });
    report({ done: 2, total: 3 });
    report({ done: 3, total: 3 });
    expect(err).toHaveLength(3);
    expect(err.every((line) => line.startsWith('\r'))).toBe(true);
    expect(err[2]?.endsWith('\n')).toBe(true);
  });

  it('exits 2 on bad usage and 1 on an unreadable file, without opening a database', async () => {
    const unknown = io(['--from', 'okta', 'users.json']);
    expect(await runImportCli(unknown.value)).toBe(2);
    expect(unknown.err.join('')).toContain('--from must be one of stytch, clerk, auth0, gatehouse');
    const noFile = io(['--from', 'stytch']);
    expect(await runImportCli(noFile.value)).toBe(2);
    const missing = io(['--from', 'gatehouse', join(tmpdir(), 'gatehouse-no-such-export.jsonl')]);
    expect(await runImportCli(missing.value)).toBe(1);
    expect(missing.err.join('')).toContain('Cannot read');
    const extra = io(['users.jsonl']);
    expect(await runExportCli(extra.value)).toBe(2);
  });

  it('refuses an embedded database another process holds, saying to stop the server', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'));
    dirs.push(dataDir);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
    const file = join(dataDir, 'users.jsonl');
    writeFileSync(file, '');
    const call = io(['--from', 'gatehouse', file], { DATA_DIR: dataDir });
    expect(await runImportCli(call.value)).toBe(1);
    expect(call.err.join('')).toContain('stop the Gatehouse server');
    const exportCall = io([], { DATA_DIR: dataDir });
    expect(await runExportCli(exportCall.value)).toBe(1);
    expect(exportCall.err.join('')).toContain('PGlite is single-process');
  });

  it('prints help with the embedded-database note', async () => {
    const help = io(['--help']);
    expect(await runImportCli(help.value)).toBe(0);
    expect(help.out.join('')).toContain('stop the server first');
  });
});
