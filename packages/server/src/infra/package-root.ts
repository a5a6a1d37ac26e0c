// Where this package lives on disk, whether the code runs from source (src/…) or from the start-up bundle
// (dist/server.mjs, see scripts/lib/server-build.mjs): files found relative to it (migrations, the web build)
// resolve the same way in both.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@gatehouse/server')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`@gatehouse/server's package.json not found above ${from}`);
    dir = parent;
  }
}

export const SERVER_PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
