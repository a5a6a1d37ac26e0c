#!/usr/bin/env node
// `node scripts/generate-phone-metadata.mjs`: rewrites packages/sdk/src/phone-metadata/ from the installed
// libphonenumber-js (after upgrading it; lib/phone-metadata.mjs says why the metadata is split).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PHONE_METADATA_DIR, readMinMetadata, splitPhoneMetadata } from './lib/phone-metadata.mjs';

rmSync(join(PHONE_METADATA_DIR, 'by-calling-code'), { recursive: true, force: true });
const files = splitPhoneMetadata(readMinMetadata());
for (const [file, text] of files) {
  mkdirSync(dirname(join(PHONE_METADATA_DIR, file)), { recursive: true });
  writeFileSync(join(PHONE_METADATA_DIR, file), text);
}
console.log(`phone metadata: ${files.size} files in ${PHONE_METADATA_DIR}`);
