// LISTEN on PostgreSQL for an in-memory cache that must never be behind the database (issue 23 item 3: the session
// cache, features/sessions/session-cache.ts, kept by every instance and told of every write by migration 0029's
// triggers). The pool cannot do it: pg-pool hands a connection to one request at a time and may close it when
// idle, and a notification reaches only the connection that listens. So one connection of its own, outside the pool.
//
// A notification arrives a moment after the write that made it has committed, and that moment is enough for the
// writer to answer its caller and for the caller to ask another instance. So the cache does not answer from memory
// on its word alone: it first asks for a `barrier`, a `SELECT 1` on this connection. A backend that LISTENs sends
// every notification committed before a statement arrived ahead of that statement's answer (the committing backend
// signals the listeners before its COMMIT returns, and a listener delivers what is pending before it reports ready;
// checked 3,000 times over by postgres-listener.test.ts), and pg emits them in the order they came. So once the
// barrier resolves, every write that committed before the check arrived has reached the cache. One ping serves
// every check that arrived before it was sent.
//
// The connection is also what the cache may trust: a notification that goes missing would leave a revoked session
// accepted. When the connection is lost (an outage, a restart of PostgreSQL, a terminated backend, a barrier left
// unanswered for `timeoutMs`) the listener says `lost` at once, so the cache stops answering from memory and checks
// read the database (and fail as fast as any request while it is down, security-tests.md FT-01); only once LISTEN
// runs again on a new connection does it say `restored`, and the cache starts from empty. A connection counts as
// listening only once a probe notified from another connection has reached it (a pooler in transaction mode would
// lend LISTEN a server connection and send the notifications elsewhere): otherwise the first start fails, naming it.
import { randomBytes } from 'node:crypto';
import type { Client, ClientConfig } from 'pg';

/** Who hears the channel: each payload, and the moments notifications may be missed and are heard again. */
export interface WriteListener {
  notify(payload: string): void;
  /** The connection is gone (`reason` says why): notifications may be missed from now on. */
  lost(reason: unknown): void;
  /** LISTEN runs again on a new connection: whatever was kept before `lost` is stale. */
  restored(): void;
}

export interface PostgresListener {
  /**
   * Resolves once every notification committed before this call has been handed to the listener. Rejects, with
   * the driver's connection error (a 503 database_unavailable, infra/db/availability.ts), when the connection is
   * lost or does not answer within `timeoutMs`.
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

export interface PostgresListenerOptions {
  /** pg's Client class (the module is imported lazily by client.ts). */
  ClientClass: new (
    config: ClientConfig,
  ) => Client;
  url: string;
  channel: string;
  listener: WriteListener;
  /** Opening the connection, and each ping's answer, is bounded by this. */
  timeoutMs: number;
  /** First wait before opening a lost connection again; doubled up to RECONNECT_MAX_MS. */
  reconnectMs?: number;
  /** A ping at least this often, so an idle instance notices a connection gone silent. */
  heartbeatMs?: number;
}

export const RECONNECT_MAX_MS = 5_000;
export const LISTENER_APPLICATION_NAME = 'gatehouse-listener';
const PING = 'SELECT 1';
/** A probe's payload starts with this (never a user id, which starts with `user-`). */
const PROBE_PREFIX = 'gatehouse-probe:';
export const UNHEARD_PROBE =
  'LISTEN heard nothing: a probe notified from another connection did not arrive (a pooler in transaction mode?)';
/** pg's own message for a query on a client that is gone (infra/db/availability.ts knows it). */
const NOT_QUERYABLE = 'Client was closed and is not queryable';

/**
 * Listens on `channel` until closed. The first connection must open (the caller has just reached the database);
 * later ones are retried for as long as the listener lives.
 */
export async function listenOnPostgres(options: PostgresListenerOptions): Promise<PostgresListener> {
  const { ClientClass, channel, listener } = options;
  const reconnectMs = options.reconnectMs ?? 250;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  let current: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const open = async (): Promise<Client> => {
    const client = new ClientClass({
      connectionString: options.url,
      connectionTimeoutMillis: options.timeoutMs,
      query_timeout: options.timeoutMs,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    // Before connect: an 'error' without a listener would end the process.
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client, new Error('Connection terminated')));
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (client === current && message.channel === channel && !payload.startsWith(PROBE_PREFIX)) {
        listener.notify(payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      await proveHearing(client);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    return client;
  };

  /**
   * A LISTEN that hears nothing would leave the cache trusting silence: behind a pooler in transaction mode the
   * statement runs on whichever server connection the pooler lends, and notifications go to that one. So a probe
   * is notified from a connection of its own, and must arrive before the answer to a ping on this one.
   */
  const proveHearing = async (client: Client): Promise<void> => {
    const probe = `${PROBE_PREFIX}${randomBytes(9).toString('base64url')}`;
    let heard = false;
    const onProbe = (message: { channel: string; payload?: string }) => {
      if (message.channel === channel && message.payload === probe) heard = true;
    };
    client.on('notification', onProbe);
    try {
      const sender = new ClientClass({
        connectionString: options.url,
        connectionTimeoutMillis: options.timeoutMs,
        query_timeout: options.timeoutMs,
      });
      sender.on('error', () => {});
      try {
        await sender.connect();
        await sender.query('SELECT pg_notify($1, $2)', [channel, probe]);
      } finally {
        await sender.end().catch(() => {});
      }
      await client.query(PING);
      if (!heard) throw new Error(UNHEARD_PROBE);
    } finally {
      client.off('notification', onProbe);
    }
  };

  /** `client` stopped being trustworthy: the cache hears it at once, and a new connection is tried. */
  const drop = (client: Client, error: unknown): void => {
    if (client !== current) return;
    current = null;
    client.end().catch(() => {});
    if (closed) return;
    listener.lost(error);
    reopenAfter(reconnectMs);
  };

  const reopenAfter = (delayMs: number): void => {
    retry = setTimeout(() => {
      retry = null;
      open().then(
        (client) => {
          if (closed) {
            client.end().catch(() => {});
            return;
          }
          current = client;
          listener.restored();
        },
        () => {
          // Not logged: during an outage every request already says so, and this would repeat every few seconds.
          if (closed) return;
          reopenAfter(Math.min(delayMs * 2, RECONNECT_MAX_MS));
        },
      );
    }, delayMs);
    retry.unref();
  };

  /** The ping on the wire, and the one that goes out once it is answered (shared by whoever asks meanwhile). */
  let onTheWire: Promise<void> | null = null;
  let following: Promise<void> | null = null;

  const ping = (): Promise<void> => {
    const client = current;
    const sent: Promise<void> =
      client === null
        ? Promise.reject(new Error(NOT_QUERYABLE))
        : client.query(PING).then(
            () => {},
            (error: unknown) => {
              drop(client, error);
              throw error;
            },
          );
    onTheWire = sent;
    const settle = () => {
      if (onTheWire === sent) onTheWire = null;
    };
    sent.then(settle, settle);
    return sent;
  };

  const barrier = (): Promise<void> => {
    if (onTheWire === null) return ping();
    // The ping on the wire was sent before this call: only the next one may answer it.
    if (following === null) {
      following = onTheWire.then(
        () => undefined,
        () => undefined,
      );
      following = following.then(() => {
        following = null;
        return ping();
      });
    }
    return following;
  };

  current = await open();
  const heartbeat = setInterval(() => {
    // A connection that no longer answers is as good as gone, even before TCP says so (barrier drops it).
    if (current !== null) barrier().catch(() => {});
  }, heartbeatMs);
  heartbeat.unref();

  return {
    barrier,
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      if (retry !== null) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
