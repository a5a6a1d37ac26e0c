// The LISTEN connection behind the session cache on PostgreSQL (postgres-listener.ts), against the real server: it
// hears what any connection notifies; its barrier resolves only after every notification committed before it was
// asked for, one ping serving many; it says `lost` as soon as its backend is terminated and `restored` once LISTEN
// runs on a new connection (hearing again from then on); it never opens a connection again once closed, and fails to
// start when the database cannot be reached.
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, queryOnce, testDatabaseKinds } from '../../test-support/database';
import type { DatabaseHandle } from './client';
import {
  LISTENER_APPLICATION_NAME,
  listenOnPostgres,
  type PostgresListenerOptions,
  UNHEARD_PROBE,
  type WriteListener,
} from './postgres-listener';

const CHANNEL = 'gatehouse_listener_test';

function recordingListener() {
  const events: string[] = [];
  const listener: WriteListener = {
    notify: (payload) => events.push(`notify ${payload}`),
    lost: () => events.push('lost'),
    restored: () => events.push('restored'),
  };
  return { events, listener };
}

describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('listenOnPostgres (%s)', (kind) => {
  let handle: DatabaseHandle;
  let url: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const { rows } = await handle.pool!.query<{ name: string }>('SELECT current_database() AS name');
    const base = new URL(process.env.TEST_DATABASE_URL!);
    base.pathname = `/${rows[0]!.name}`;
    url = base.toString();
  });
  afterAll(async () => {
    await handle.close();
  });

  const notify = (payload: string) => handle.pool!.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  /** Ends every listening backend of this database, as a restart of PostgreSQL or an operator would. */
  const terminateListeners = () =>
    queryOnce(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = '${LISTENER_APPLICATION_NAME}' AND datname = current_database()`,
      url,
    );

  /** A listener on this file's database and channel; `options` replaces the defaults. */
  const listen = (listener: WriteListener, options: Partial<PostgresListenerOptions> = {}) =>
    listenOnPostgres({
      ClientClass: pg.Client,
      url,
      channel: CHANNEL,
      listener,
      timeoutMs: 2_000,
      ...options,
    });

  it('hears notifications from any connection, is lost when its backend ends, and hears again once restored', async () => {
    const { events, listener } = recordingListener();
    const { close } = await listen(listener, { reconnectMs: 20 });
    try {
      await notify('user-1');
      await vi.waitFor(() => expect(events).toEqual(['notify user-1']));
      await terminateListeners();
      await vi.waitFor(() => expect(events.slice(1)).toEqual(['lost', 'restored']), { timeout: 5_000 });
      await notify('user-2');
      await vi.waitFor(() => expect(events.slice(3)).toEqual(['notify user-2']));
    } finally {
      await close();
    }
    // Closed: notifications and terminations change nothing, and no connection is opened again.
    await notify('user-3');
    await terminateListeners();
    const { rows } = await handle.pool!.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows[0].n).toBe(0);
    expect(events).toEqual(['notify user-1', 'lost', 'restored', 'notify user-2']);
  });

  it('lets a barrier resolve only after every notification committed before it was asked for (300 rounds)', async () => {
    const heard: string[] = [];
    const listening = await listen({
      notify: (payload) => heard.push(payload),
      lost: () => {},
      restored: () => {},
    });
    const writer = await handle.pool!.connect();
    try {
      for (let round = 0; round < 300; round++) {
        await writer.query('BEGIN');
        await writer.query('SELECT pg_notify($1, $2)', [CHANNEL, `round ${round}`]);
        await writer.query('COMMIT');
        await listening.barrier();
        expect(heard.at(-1)).toBe(`round ${round}`);
      }
    } finally {
      writer.release();
      await listening.close();
    }
  });

  it('sends one ping for every barrier asked while another is on the wire, and fails them all once lost', async () => {
    let pings = 0;
    class CountingClient extends pg.Client {
      override query(...args: unknown[]): never {
        if (args[0] === 'SELECT 1') pings += 1;
        return (super.query as (...a: unknown[]) => never)(...args);
      }
    }
    const { events, listener } = recordingListener();
    const listening = await listen(listener, {
      ClientClass: CountingClient as unknown as typeof pg.Client,
      reconnectMs: 60_000,
    });
    // The start pinged once already, after its probe.
    pings = 0;
    try {
      await Promise.all(Array.from({ length: 50 }, () => listening.barrier()));
      expect(pings).toBeGreaterThanOrEqual(1);
      expect(pings).toBeLessThanOrEqual(2);
      await terminateListeners();
      await vi.waitFor(() => expect(events).toEqual(['lost']));
      await expect(listening.barrier()).rejects.toThrow(/not queryable/);
    } finally {
      await listening.close();
    }
  });

  it('refuses to start on a connection whose LISTEN hears nothing (as behind a pooler in transaction mode)', async () => {
    class DeafClient extends pg.Client {
      override query(...args: unknown[]): never {
        const [text] = args;
        const deaf =
          typeof text === 'string' && text.startsWith('LISTEN') ? ['SELECT 1', ...args.slice(1)] : args;
        return (super.query as (...a: unknown[]) => never)(...deaf);
      }
    }
    const { events, listener } = recordingListener();
    await expect(
      listen(listener, { ClientClass: DeafClient as unknown as typeof pg.Client }),
    ).rejects.toThrow(UNHEARD_PROBE);
    expect(events).toEqual([]);
  });

  it('opens no connection again once closed while a reconnection was due', async () => {
    const { events, listener } = recordingListener();
    const { close } = await listen(listener, { reconnectMs: 300 });
    await terminateListeners();
    await vi.waitFor(() => expect(events).toEqual(['lost']));
    await close();
    // Past the moment the reconnection was due.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await notify('user-4');
    expect(events).toEqual(['lost']);
    const { rows } = await handle.pool!.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('listenOnPostgres without a database', () => {
  it('fails to start when nothing answers, rather than start deaf', async () => {
    // A loopback port with nothing behind it (bound, then closed).
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const { events, listener } = recordingListener();
    await expect(
      listenOnPostgres({
        ClientClass: pg.Client,
        url: `postgres://postgres@127.0.0.1:${port}/nothing`,
        channel: CHANNEL,
        listener,
        timeoutMs: 1_000,
      }),
    ).rejects.toThrow();
    expect(events).toEqual([]);
  });
});
