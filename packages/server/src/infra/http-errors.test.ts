// The error handler's answer to a database outage (security-tests.md FT-01): 503 database_unavailable with
// Retry-After, no internals in the answer, one log line per request with its id and nothing of the statement.
// Everything else unexpected stays a 500.
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type GatehouseApp } from '../app';
import { testConfig } from '../test-support/app';
import { openTestDatabase } from '../test-support/database';
import { findDatabaseUnavailability } from './db/availability';
import type { DatabaseHandle } from './db/client';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './http-errors';

const SECRET_PARAMETER = 'f00dfacef00dfacef00dface';

function pgServerError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('duplicate key value violates unique constraint', 0, 'error');
  error.code = code;
  return error;
}

describe('error handler: database availability', () => {
  let handle: DatabaseHandle;
  let app: GatehouseApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const pglite = await openTestDatabase('pglite');
    // The classifier of a PostgreSQL handle (client.ts) over an in-process database: these routes throw the
    // errors node-postgres would, without needing a server.
    handle = {
      ...pglite,
      unavailability: (error) =>
        findDatabaseUnavailability(error, (each) => each instanceof pg.DatabaseError),
    };
    app = await buildApp({
      config: testConfig(),
      database: handle,
      logger: {
        level: 'info',
        stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    });
    app.get('/test/database-refused', async () => {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      throw new DrizzleQueryError(
        'select * from sessions where token_hash = $1',
        [SECRET_PARAMETER],
        refused,
      );
    });
    app.get('/test/database-duplicate', async () => {
      throw new DrizzleQueryError(
        'insert into users values ($1)',
        [SECRET_PARAMETER],
        pgServerError('23505'),
      );
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('answers 503 database_unavailable with Retry-After, and logs it once with the request id and no statement', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/database-refused' });
    expect(response.statusCode).toBe(503);
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      status_code: 503,
      request_id: requestId,
      error_type: 'database_unavailable',
      error_message: DATABASE_UNAVAILABLE_MESSAGE,
      error_url: 'https://gatehouse.dev/docs/errors#database_unavailable',
    });
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.body).not.toMatch(/ECONNREFUSED|token_hash|\bat /);

    const logged = lines.filter((line) => line.msg === 'database unavailable');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      request_id: requestId,
      database: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(SECRET_PARAMETER);
    expect(everything).not.toContain('token_hash');
    expect(everything).not.toContain('"stack"');
  });

  it('anything else from the database is still a 500 internal_server_error', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/database-duplicate' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error_type).toBe('internal_server_error');
    expect(response.headers['retry-after']).toBeUndefined();
    expect(lines.filter((line) => line.msg === 'unhandled error')).toHaveLength(1);
    expect(lines.filter((line) => line.msg === 'database unavailable')).toHaveLength(0);
  });
});
