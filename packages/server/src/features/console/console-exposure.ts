// Issue 26 item 1: "an option serves /console and /admin/v1 on a separate listener or host with an IP allowlist"
// (config.consoleExposure, from CONSOLE_PORT / CONSOLE_BIND / CONSOLE_PUBLIC_URL / CONSOLE_ALLOWED_IPS).
//
// - A listener of their own (CONSOLE_PORT, on CONSOLE_BIND: loopback unless set). The same Fastify instance answers
//   it (`app.routing`), so every hook, limit and header is the one the main listener has; a root hook tells the two
//   apart by the socket. /console and /admin/v1 are then not found on the main listener, and the console's listener
//   answers only what the console needs: its pages, the admin API, /sdk/v1 (the operators' widget), health, icons.
// - A host of its own (CONSOLE_PUBLIC_URL on another host than PUBLIC_URL, on the main listener): /console and
//   /admin/v1 are not found under any other Host.
// - CONSOLE_ALLOWED_IPS: from another client address (request.ip, so TRUSTED_PROXIES decides what that is), 403
//   console_address_not_allowed, before the admin API reads a key or a session.
// Not found is the app's own 404, so the main listener gives away nothing about a console elsewhere.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressMatcher } from '../../infra/client-address';
import type { AppConfig, ConsoleExposureConfig } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { endConnectionsAsTheyIdle } from '../../infra/keep-alive-close';

const CONSOLE_PREFIXES = ['/console', '/admin/v1'];
/** What else the console's own listener answers: its sign-in widget's API, health checks, the favicon. */
const CONSOLE_LISTENER_EXTRAS = ['/sdk/v1', '/health', '/favicon.svg', '/favicon.ico'];

function under(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
  );
}

/** True for the console's pages and the admin API (what the exposure settings govern). */
export function isConsolePath(url: string): boolean {
  return under(url, CONSOLE_PREFIXES);
}

/** The extra origins the operators project allows: where operators open the console besides PUBLIC_URL. */
export function consoleOrigins(config: Pick<AppConfig, 'env' | 'consoleExposure'>): string[] {
  const { listener, publicUrl } = config.consoleExposure;
  const origins = publicUrl === null ? [] : [publicUrl];
  if (listener !== null && config.env !== 'production') {
    origins.push(`http://localhost:${listener.port}`, `http://127.0.0.1:${listener.port}`);
  }
  return [...new Set(origins)];
}

export interface ConsoleExposure {
  /** Starts the console's own listener when CONSOLE_PORT is set; resolves to its address, or null. */
  listen(): Promise<{ host: string; port: number } | null>;
}

/** Adds the root hook that applies config.consoleExposure; call before the admin API and console register. */
export function registerConsoleExposure(
  app: FastifyInstance,
  settings: ConsoleExposureConfig,
): ConsoleExposure {
  const consoleSockets = new WeakSet<Socket>();
  const allowed = settings.allowedIps === null ? null : addressMatcher(settings.allowedIps);
  const ownHost =
    settings.listener === null && settings.publicUrl !== null ? new URL(settings.publicUrl).host : null;
  let server: Server | null = null;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url;
    const consolePath = isConsolePath(path);
    if (settings.listener !== null) {
      const onConsoleListener = consoleSockets.has(request.raw.socket);
      const answered = onConsoleListener ? consolePath || under(path, CONSOLE_LISTENER_EXTRAS) : !consolePath;
      if (!answered) {
        reply.callNotFound();
        return reply;
      }
    }
    if (!consolePath) return;
    if (ownHost !== null && request.host.toLowerCase() !== ownHost) {
      reply.callNotFound();
      return reply;
    }
    if (allowed !== null && !allowed(request.ip)) {
      throw new ApiError(
        'console_address_not_allowed',
        `The console and the admin API do not answer ${request.ip} (CONSOLE_ALLOWED_IPS).`,
      );
    }
  });

  app.addHook('onClose', async () => {
    if (server === null) return;
    const closing = server;
    // Stops accepting and closes idle keep-alive connections; a request in flight is answered first, and its
    // connection ended then (infra/keep-alive-close.ts).
    endConnectionsAsTheyIdle(closing);
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  });

  return {
    async listen() {
      if (settings.listener === null) return null;
      const { host, port } = settings.listener;
      const own = createServer((request, response) => app.routing(request, response));
      own.keepAliveTimeout = app.server.keepAliveTimeout;
      own.on('connection', (socket: Socket) => consoleSockets.add(socket));
      await new Promise<void>((resolve, reject) => {
        own.once('error', reject);
        own.listen(port, host, () => {
          own.off('error', reject);
          resolve();
        });
      });
      server = own;
      const address = own.address() as AddressInfo;
      return { host: address.address, port: address.port };
    },
  };
}
