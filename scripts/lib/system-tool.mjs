// Finding and installing the system programs the tests drive (Debian's Chromium, Debian's HAProxy): one lookup and
// one install path for scripts/ensure-chromium.mjs and scripts/ensure-haproxy.mjs (DESIGN.md "Real parts": these
// come from Debian's packages, never a download of their own).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The executable to use, or null when none is installed: `envVar` when set (one that points nowhere is an error
 * rather than a silent fallback: the user asked for it), then `command` on PATH when given, then `candidates`.
 */
export function findExecutable({ envVar, command = null, candidates, env = process.env }) {
  const explicit = env[envVar];
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`${envVar}=${explicit} is not an executable file.`);
    return explicit;
  }
  const onPath =
    command === null
      ? []
      : (env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map((dir) => join(dir, command));
  return [...onPath, ...candidates].find(isExecutable) ?? null;
}

/** Root on a system with apt-get: the only case where a missing package is installed rather than named. */
export function canInstallDebianPackages() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/**
 * A command-line script's failure: the message, how to get the tool, exit 1. `tag` names the script in its
 * messages (ensure-chromium, ensure-haproxy).
 */
export function failWith(tag, howTo, message) {
  console.error(`${tag}: ${message}\n${howTo}`);
  process.exit(1);
}

/** `apt-get update` then `apt-get install` of `packages` (output on stderr, so stdout keeps the printed path). */
export function installDebianPackages(tag, howTo, packages) {
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    console.error(`${tag}: apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      failWith(tag, howTo, `\`apt-get ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    }
  }
}

/**
 * The path `find()` gives; when it gives none, installs Debian's `packageName` (root on Debian) and looks again,
 * otherwise fails naming where it looked (`looked`) and how to get it (`howTo`).
 */
export function ensureExecutable({ tag, find, packageName, howTo, looked, installTime }) {
  let path;
  try {
    path = find();
  } catch (error) {
    failWith(tag, howTo, error instanceof Error ? error.message : String(error));
  }
  if (path) return path;
  if (!canInstallDebianPackages()) failWith(tag, howTo, `no ${packageName} found (looked at ${looked}).`);
  console.error(`${tag}: ${packageName} not found; installing the Debian package (${installTime}).`);
  installDebianPackages(tag, howTo, [packageName]);
  path = find();
  if (!path) failWith(tag, howTo, `apt-get installed ${packageName} but no executable was found afterwards.`);
  return path;
}
