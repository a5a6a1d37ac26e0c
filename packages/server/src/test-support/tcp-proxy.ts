// A TCP proxy on loopback that a test puts in front of PostgreSQL and breaks on purpose (security-tests.md FT-01).
// Real outages rarely refuse connections politely: a restarted or vanished server drops the connections it had,
// and while it is gone, new connections either are never answered (a host or route that is down, a firewall that
// drops) or are accepted by something that never speaks (a load balancer with no backend). `cut()` does both of the
// latter at once — live connections are destroyed, new ones are accepted and held, silent — so the client's
// connect timeout is exercised, not just ECONNREFUSED. `freeze()` is a network partition: every connection stays
// open and nothing passes either way, which only read timeouts can notice. `restore()` heals either.
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

export interface TcpProxyTarget {
  host: string;
  port: number;
}

export interface TcpProxy {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** Destroys every live connection; new ones are accepted and held without an answer until restore(). */
  cut(): void;
  /** Stops all traffic: live connections stay open but silent; new ones are held as after cut(). */
  freeze(): void;
  /** Forwards again: frozen connections resume, held ones are dropped, new ones reach the target. */
  restore(): void;
  /** Connections currently forwarded (frozen ones included). */
  liveConnections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

type Mode = 'forward' | 'cut' | 'frozen';

export async function startTcpProxy(target: TcpProxyTarget): Promise<TcpProxy> {
  let mode: Mode = 'forward';
  const pairs = new Set<Pair>();
  const held = new Set<Socket>();

  const forward = (pair: Pair): void => {
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };
  const stopForwarding = (pair: Pair): void => {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    // unpipe leaves the sources flowing: paused, their data waits in the kernel buffers as on a stalled network.
    pair.client.pause();
    pair.upstream.pause();
  };
  const drop = (pair: Pair): void => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  };

  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (mode !== 'forward') {
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    upstream.on('error', () => {});
    const pair: Pair = { client, upstream };
    pairs.add(pair);
    client.on('close', () => drop(pair));
    upstream.on('close', () => drop(pair));
    forward(pair);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy: no port');

  const dropHeld = (): void => {
    for (const socket of held) socket.destroy();
    held.clear();
  };

  return {
    host: '127.0.0.1',
    port: address.port,
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) drop(pair);
    },
    freeze() {
      mode = 'frozen';
      for (const pair of pairs) stopForwarding(pair);
    },
    restore() {
      const wasFrozen = mode === 'frozen';
      mode = 'forward';
      dropHeld();
      if (wasFrozen) for (const pair of pairs) forward(pair);
    },
    liveConnections: () => pairs.size,
    async close() {
      mode = 'cut';
      for (const pair of [...pairs]) drop(pair);
      dropHeld();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
