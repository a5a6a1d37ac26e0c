// PLACEHOLDER until the outbox feature lands (helper A2 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';

/** Registers /dev/outbox (HTML) and /dev/outbox/messages (JSON); only called outside production. */
export async function registerOutboxRoutes(_root: FastifyInstance, _ctx: AppContext): Promise<void> {}
