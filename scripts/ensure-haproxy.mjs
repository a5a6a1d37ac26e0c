#!/usr/bin/env node
// Makes sure HAProxy is available for the balancer test (packages/server/src/balancer.test.ts) and prints its path.
// Order: HAPROXY_PATH, `haproxy` on PATH, /usr/sbin/haproxy; if none and we are root on a Debian-like system,
// install Debian's `haproxy` package (DESIGN.md "Real parts": the load balancer comes from Debian's packages).
import { spawnSync } from 'node:child_process';
import { findHaproxy, HAPROXY_HOW_TO } from './lib/haproxy.mjs';

function fail(message) {
  console.error(`ensure-haproxy: ${message}\n${HAPROXY_HOW_TO}`);
  process.exit(1);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  console.error(`ensure-haproxy: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0)
    fail(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
}

let path;
try {
  path = findHaproxy();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

if (!path) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    fail('no haproxy found (looked at HAPROXY_PATH, PATH, /usr/sbin/haproxy).');
  }
  console.error('ensure-haproxy: HAProxy not found; installing the Debian package (a few seconds).');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy']);
  path = findHaproxy();
  if (!path) fail('apt-get installed haproxy but no executable was found afterwards.');
}

console.log(path);
