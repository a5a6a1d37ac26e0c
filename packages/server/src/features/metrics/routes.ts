// GET /metrics (issue 9 item 4): the app's counters as Prometheus text, for operators. Off unless enabled
// (infra/config.ts METRICS_TOKEN / METRICS_ENABLED); outside /sdk/v1, so no public token is involved:
// - off: 404, like any unknown path (nothing tells a prober it exists);
// - METRICS_TOKEN set: `Authorization: Bearer <token>`, compared in constant time; anything else is 401;
// - METRICS_ENABLED=true without a token: only a caller on this machine — a loopback socket and no proxy header
//   (a proxy on the same host would make every visitor look local) — is served; anyone else gets the 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MetricsSettings } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { sendApiError } from '../../infra/http-errors';
import type { PrometheusMetrics } from '../../infra/metrics';

export const METRICS_PATH = '/metrics';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The bearer token of an Authorization header, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function isLoopbackSocket(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

type Access = 'served' | 'hidden' | 'unauthorized';

/** Who may read the counters (see the header of this file). */
function accessOf(request: FastifyRequest, settings: MetricsSettings, tokenDigest: Buffer | null): Access {
  if (!settings.enabled) return 'hidden';
  if (tokenDigest !== null) {
    const presented = bearerToken(request.headers.authorization);
    // Digests of equal length: the comparison takes the same time whatever the presented token is.
    return presented !== null && timingSafeEqual(sha256(presented), tokenDigest) ? 'served' : 'unauthorized';
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && isLoopbackSocket(request.socket.remoteAddress) ? 'served' : 'hidden';
}

export async function registerMetricsRoutes(
  app: FastifyInstance,
  options: { settings: MetricsSettings; metrics: PrometheusMetrics | null },
): Promise<void> {
  const { settings, metrics } = options;
  const tokenDigest = settings.token === null ? null : sha256(settings.token);
  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const access = metrics === null ? 'hidden' : accessOf(request, settings, tokenDigest);
    if (access === 'hidden') {
      return sendApiError(request, reply, new ApiError('not_found', `No route for GET ${METRICS_PATH}.`));
    }
    if (access === 'unauthorized') {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendApiError(
        request,
        reply,
        new ApiError('unauthorized_credentials', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.'),
      );
    }
    const registry = metrics!.registry;
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
