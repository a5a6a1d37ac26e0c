// PLACEHOLDER until the users feature lands (helper A2 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';

export async function registerUserRoutes(_sdk: FastifyInstance, _ctx: AppContext): Promise<void> {}
