// /dev/outbox (HTML, with its stylesheet and script) and /dev/outbox/messages (JSON), registered by app.ts only
// outside production.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { listOutbox } from '../../infra/delivery';
import {
  OUTBOX_SCRIPT,
  OUTBOX_SCRIPT_PATH,
  OUTBOX_STYLESHEET,
  OUTBOX_STYLESHEET_PATH,
  renderOutboxPage,
} from './outbox-page';

const OutboxQuery = Type.Object(
  {
    to: Type.Optional(Type.String({ maxLength: 320 })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  },
  { additionalProperties: false },
);

const DEFAULT_LIMIT = 100;

function readQuery(query: { to?: string | undefined; limit?: string | undefined }) {
  const to = query.to?.trim() ? query.to.trim() : null;
  const limit = query.limit ? Math.min(Math.max(Number(query.limit), 1), 500) : DEFAULT_LIMIT;
  return { to, limit };
}

export async function registerOutboxRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/dev/outbox/messages', { schema: { querystring: OutboxQuery } }, async (request, reply) => {
    const messages = await listOutbox(ctx.db, readQuery(request.query));
    return reply.header('cache-control', 'no-store').send({ messages });
  });

  // Served files, not inline: the CSP allows scripts and stylesheets from 'self' (infra/security-headers.ts).
  app.get(OUTBOX_STYLESHEET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(OUTBOX_STYLESHEET),
  );
  app.get(OUTBOX_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(OUTBOX_SCRIPT),
  );

  app.get('/dev/outbox', { schema: { querystring: OutboxQuery } }, async (request, reply) => {
    const query = readQuery(request.query);
    const messages = await listOutbox(ctx.db, query);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderOutboxPage({ messages, to: query.to }));
  });
}
