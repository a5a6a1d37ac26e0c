// The PostgreSQL test databases of a run (test-support/database.ts leasePostgres) are named after the process that
// created them, so whatever a finished or killed worker left behind can be told from a running worker's and dropped:
// by each worker as it starts, and by vitest's global teardown once every worker has ended (vitest.global-setup.ts).
// A small module of its own: the global setup loads it in vitest's main process, without the server's modules.
import { randomBytes } from 'node:crypto';

const LEASED_NAME = /^gatehouse_test_(\d+)_[0-9a-f]+$/;

/** A new test database's name, carrying this process's pid. */
export function leasedDatabaseName(): string {
  return `gatehouse_test_${process.pid}_${randomBytes(6).toString('hex')}`;
}

/** Drops the test databases on `baseUrl`'s server whose process (the pid in the name) is no longer running. */
export async function dropOrphanedDatabases(baseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const listed = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'gatehouse\\_test\\_%'",
    );
    for (const { datname } of listed.rows) {
      const pid = LEASED_NAME.exec(datname)?.[1];
      if (pid === undefined || isRunning(Number(pid))) continue;
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
