// Issue 23 item 4: the phone metadata split per country calling code, so a page that checks a phone number loads
// the metadata of the chosen country's calling code (~0.1–1.4 KiB gzip) instead of the whole table (~19 KiB).
// Input: libphonenumber-js's "min" metadata (the SDK parsed with it whole before). Output, under
// packages/sdk/src/phone-metadata/:
// - calling-codes.json: every calling code with a file, and region → calling code (what to load for a region);
// - by-calling-code/<code>.json: a complete libphonenumber-js metadata object that holds only that calling code
//   (its regions, or its non-geographic entity), which libphonenumber-js/core parses with as it is, and which
//   merge by plain object spreading (no region or code is in two files).
// `node scripts/generate-phone-metadata.mjs` writes them; packages/sdk/src/phone-metadata.test.ts checks the
// committed files still match the installed libphonenumber-js.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const PHONE_METADATA_DIR = join(
  import.meta.dirname,
  '..',
  '..',
  'packages',
  'sdk',
  'src',
  'phone-metadata',
);

/** libphonenumber-js's min metadata, as installed. */
export function readMinMetadata() {
  const require = createRequire(join(PHONE_METADATA_DIR, '..', 'phone.ts'));
  return JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'));
}

/** File (relative to PHONE_METADATA_DIR) → its JSON text. */
export function splitPhoneMetadata(metadata) {
  const files = new Map();
  const regions = {};
  // The non-geographic entities (+800 …) have no region: they are only under `nonGeographic`.
  const nonGeographic = metadata.nonGeographic ?? {};
  const codes = [...new Set([...Object.keys(metadata.country_calling_codes), ...Object.keys(nonGeographic)])];
  for (const code of codes) {
    const countries = {};
    const codeRegions = metadata.country_calling_codes[code] ?? [];
    for (const region of codeRegions) {
      countries[region] = metadata.countries[region];
      regions[region] = code;
    }
    const part = { version: metadata.version, country_calling_codes: {}, countries };
    if (codeRegions.length > 0) part.country_calling_codes[code] = codeRegions;
    if (nonGeographic[code] !== undefined) part.nonGeographic = { [code]: nonGeographic[code] };
    files.set(`by-calling-code/${code}.json`, `${JSON.stringify(part)}\n`);
  }
  files.set('calling-codes.json', `${JSON.stringify({ codes, regions })}\n`);
  return files;
}
