// Closing a server must not wait for its keep-alive connections to time out. Node's server.close() (which Fastify's
// close calls, with closeIdleConnections) ends only the connections idle at that moment; one busy with a request
// is left open after its answer, idle, until keepAliveTimeout (Fastify's default: 72 s). So a SIGTERM that arrives
// while a request is in flight kept the process alive for over a minute after that request was answered (past the
// TimeoutStopSec=60 of docs/deployment.md's unit, where systemd kills it), and a test app closed under load outlived
// its 60 s hook (measured: a 300 ms request in flight at close, close resolved after 70.3 s). While a server
// closes, its idle connections are ended every POLL_MS, so each one goes within that long of its last answer; a
// request that still arrives on one meanwhile gets Fastify's 503 (return503OnClosing).
import type { Server } from 'node:http';

const POLL_MS = 50;

/** From now until `server` has closed, ends each keep-alive connection as soon as it is idle. */
export function endConnectionsAsTheyIdle(server: Server): void {
  if (!server.listening) return;
  const timer = setInterval(() => server.closeIdleConnections(), POLL_MS);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
