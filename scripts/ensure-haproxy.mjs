#!/usr/bin/env node
// Makes sure HAProxy is available for the balancer test (packages/server/src/balancer.test.ts) and prints its path.
// Order: HAPROXY_PATH, `haproxy` on PATH, /usr/sbin/haproxy; if none and we are root on a Debian-like system,
// install Debian's `haproxy` package (DESIGN.md "Real parts": the load balancer comes from Debian's packages).
import { findHaproxy, HAPROXY_HOW_TO } from './lib/haproxy.mjs';
import { ensureExecutable } from './lib/system-tool.mjs';

const path = ensureExecutable({
  tag: 'ensure-haproxy',
  find: findHaproxy,
  packageName: 'haproxy',
  howTo: HAPROXY_HOW_TO,
  looked: 'HAPROXY_PATH, PATH, /usr/sbin/haproxy',
  installTime: 'a few seconds',
});
console.log(path);
