// PLACEHOLDER until the sessions feature lands (helper A2 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';

export async function registerSessionRoutes(_sdk: FastifyInstance, _ctx: AppContext): Promise<void> {}
export async function registerJwksRoutes(_root: FastifyInstance, _ctx: AppContext): Promise<void> {}
