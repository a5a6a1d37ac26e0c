// Once every test file has run: the PostgreSQL test databases the workers kept for their next file (leasePostgres,
// packages/server/src/test-support/database.ts) are dropped, since those workers have ended.
import { dropOrphanedDatabases } from './packages/server/src/test-support/orphan-databases';

export async function teardown(): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) await dropOrphanedDatabases(baseUrl);
}
