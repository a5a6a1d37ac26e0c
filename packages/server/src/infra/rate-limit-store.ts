// Where rate-limit counters live (issue 9 item 1): in this process's memory for now. PGlite is one process by
// nature, so memory is right there; PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) stores, shared by every
// instance, plug in here as the other LimiterFactory implementations.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { LimiterFactory } from './rate-limits';

/** Counters in this process's memory (one set per app). */
export const memoryLimiters: LimiterFactory = (name, limit) =>
  // Keys carry their window number (rate-limits.ts); the limiter's own duration only forgets old windows.
  new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationSeconds * 2 });
