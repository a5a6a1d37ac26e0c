// Child-process helpers shared by the npm scripts: run a command with inherited output, forward Ctrl-C/SIGTERM
// to it, and turn a signal death into the conventional 128+n exit code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** An executable from the workspace's node_modules/.bin (no npx round-trip). */
export function bin(name) {
  return join(ROOT, 'node_modules', '.bin', name);
}

/**
 * TypeScript's compiler, run as `node TSC …`: TypeScript 7's (the native port of 6.0, installed as the alias
 * `typescript-7`), not 6.0's JavaScript one: the workspace typecheck takes 6–13 s here instead of 29 s, and the three
 * packages' declarations 1.5 s instead of 10 s (same declarations but for quote style and the order of an inferred
 * union's members). The `typescript` package stays 6.0 for its JavaScript API (scripts/docs; 7's is unstable).
 * Named by path, not through node_modules/.bin: both packages declare a `tsc` bin, and npm does not say which wins.
 */
export const TSC = join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');

export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const running = new Set();
// Best effort: never leave a child behind when this process ends on its own.
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Spawns a child with inherited output and forwards termination signals to it while it runs. The child gets
 * its own process group, so a Ctrl-C in the terminal reaches it exactly once (forwarded by us) instead of twice
 * (from the terminal and from us), which would turn a graceful shutdown into an abrupt one. stdin is not
 * shared: nothing we run reads it, and a background process group reading the terminal would be stopped.
 * Returns the child and a promise of its exit code.
 */
export function start(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: ROOT,
    detached: true,
    ...options,
  });
  running.add(child);
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  const exited = new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  }).finally(() => {
    running.delete(child);
    for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
  });
  return { child, exited };
}

/** Runs a command to completion; resolves to its exit code. */
export function run(command, args, options = {}) {
  return start(command, args, options).exited;
}
