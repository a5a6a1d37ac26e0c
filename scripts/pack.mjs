#!/usr/bin/env node
// `npm run pack`: builds @gatehouse/protocol, @gatehouse/sdk and @gatehouse/react (lib/packages-build.mjs) and
// writes their tarballs to dist/packages/ (README "Embedding the widget"). `--out DIR` writes them elsewhere.
import { resolve } from 'node:path';
import { PACK_DIR, packPackages } from './lib/packages-build.mjs';

const outIndex = process.argv.indexOf('--out');
const destination = outIndex === -1 ? PACK_DIR : resolve(process.argv[outIndex + 1] ?? '');
try {
  const tarballs = await packPackages({ destination });
  for (const [name, file] of Object.entries(tarballs)) console.log(`${name} → ${file}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
