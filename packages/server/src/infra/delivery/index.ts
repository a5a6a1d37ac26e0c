// PLACEHOLDER until delivery lands (helper A2 replaces this file).
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig, Delivery } from '../context';
import type { Database } from '../db/client';

export function createDelivery(_options: { config: AppConfig; db: Database; log: FastifyBaseLogger }): Delivery {
  return {
    send: async () => {
      throw new Error('delivery is not configured yet');
    },
  };
}
