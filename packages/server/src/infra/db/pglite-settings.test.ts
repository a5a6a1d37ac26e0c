// Issue 23 item 1: the embedded database's data folder is created by a child process, and every PGlite runs with
// the small memory settings (pglite-settings.ts). The memory itself is measured by bench/embedded-memory.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createPgliteDataDir, isPgliteDataDir } from './pglite-settings';

const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'gatehouse-pglite-'));
  folders.push(folder);
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded data folder', () => {
  it('is created by a child process, then opened, migrated and run with the small settings', async () => {
    const dataDir = newFolder();
    expect(isPgliteDataDir(dataDir)).toBe(false);
    const handle = await openDatabase({ dataDir });
    try {
      expect(isPgliteDataDir(dataDir)).toBe(true);
      const rows = (await handle.db.execute(
        "SELECT name, setting FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem') ORDER BY name",
      )) as unknown as { rows: { name: string; setting: string }[] };
      // 16 MB of 8 kB pages, 2 MB in kB: not PGlite's 128 MB and 4 MB.
      expect(rows.rows).toEqual([
        { name: 'shared_buffers', setting: '2048' },
        { name: 'work_mem', setting: '2048' },
      ]);
      await handle.execute('CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)');
    } finally {
      await handle.close();
    }
    // A second open finds the cluster and keeps what was written.
    const again = await openDatabase({ dataDir });
    try {
      const found = (await again.db.execute('SELECT x FROM kept')) as unknown as { rows: unknown[] };
      expect(found.rows).toEqual([{ x: 7 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("fails with the child's reason when the folder cannot be created, and writes nothing", async () => {
    const parent = newFolder();
    const blocker = join(parent, 'a-file');
    writeFileSync(blocker, 'not a folder');
    await expect(createPgliteDataDir(join(blocker, 'data'))).rejects.toThrow(
      /Creating the PGlite database in .*failed/,
    );
    expect(isPgliteDataDir(join(blocker, 'data'))).toBe(false);
  }, 60_000);
});
