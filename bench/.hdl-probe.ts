import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildWidget } from './first-render';
const out = '/tmp/hdl-probe';
const meta = await buildWidget({ outdir: out, entry: `export { parsePhoneNumberAsync } from '@gatehouse/sdk';\n`, reactExternal: true });
for (const [path, o] of Object.entries(meta.outputs)) {
  if (!/phone-/.test(path)) continue;
  console.log(path, gzipSync(readFileSync(path)).length);
  const ins = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 12);
  for (const [i, v] of ins) console.log('  ', v.bytesInOutput, i);
}
