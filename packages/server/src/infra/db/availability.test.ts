// Which failures count as "the database is unavailable" (availability.ts): the real errors node-postgres, pg-pool
// and PostgreSQL produce, as drizzle hands them over, and never an error of PGlite.
import { createServer } from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/database';
import { findDatabaseUnavailability } from './availability';
import type { DatabaseHandle } from './client';

const isPgServerError = (error: Error): boolean => error instanceof pg.DatabaseError;
const classify = (error: unknown) => findDatabaseUnavailability(error, isPgServerError);

function serverError(code: string, message = 'server error'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function rejectionOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('database availability errors', () => {
  it('a refused connection (pg, ECONNREFUSED) is one, also wrapped by drizzle', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: await closedPort(),
      connectionTimeoutMillis: 2000,
    });
    const refused = await rejectionOf(client.connect());
    expect(classify(refused)).toMatchObject({ code: 'ECONNREFUSED' });
    expect(classify(new DrizzleQueryError('select 1', [], refused as Error))).toMatchObject({
      code: 'ECONNREFUSED',
    });
    // Node reports a refused dual-stack connect as an AggregateError of the attempts.
    expect(classify(new AggregateError([refused], 'connect failed'))).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'timeout expired',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])('pg and pg-pool failure "%s" is one', (message) => {
    expect(classify(new DrizzleQueryError('select 1', [], new Error(message)))).toEqual({
      code: null,
      message,
    });
  });

  it.each(['08006', '08001', '08P01', '57P01', '57P02', '57P03', '57014', '53300'])(
    'a PostgreSQL error %s is one',
    (code) => {
      expect(classify(serverError(code))).toMatchObject({ code });
    },
  );

  it.each(['23505', '40001', '40P01', '42P01', '22P02', '57P04'])('a PostgreSQL error %s is not', (code) => {
    expect(classify(serverError(code))).toBeNull();
  });

  it('a SQLSTATE on anything but a pg server error, bugs, and cause loops are not', () => {
    expect(classify(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBeNull();
    expect(classify(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(classify('Connection terminated')).toBeNull();
    const looped = new Error('outer');
    looped.cause = looped;
    expect(classify(looped)).toBeNull();
  });

  describe('from a real database', () => {
    let pglite: DatabaseHandle;
    beforeAll(async () => {
      pglite = await openTestDatabase('pglite');
    });
    afterAll(async () => {
      await pglite.close();
    });
    const raise = (code: string) =>
      sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'raised' USING ERRCODE = '${code}'; END $$`);

    it('PGlite: even an error carrying an availability SQLSTATE is not one (nothing to reach)', async () => {
      const error = await rejectionOf(pglite.db.execute(raise('57P01')));
      expect((error as { cause?: { code?: string } }).cause?.code).toBe('57P01');
      expect(pglite.unavailability(error)).toBeNull();
      expect(classify(error)).toBeNull();
    });

    it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL: the server error as drizzle wraps it', async () => {
      const postgres = await openTestDatabase('postgres', { poolSize: 1 });
      try {
        const shutdown = await rejectionOf(postgres.db.execute(raise('57P01')));
        expect(postgres.unavailability(shutdown)).toMatchObject({ code: '57P01' });
        const duplicate = await rejectionOf(postgres.db.execute(raise('23505')));
        expect(postgres.unavailability(duplicate)).toBeNull();
      } finally {
        await postgres.close();
      }
    });
  });
});
