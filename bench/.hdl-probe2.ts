import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildWidget } from './first-render';
const out = '/tmp/hdl-probe2';
const meta = await buildWidget({ outdir: out, entry: `export { mountLogin } from '@gatehouse/react';\nexport { createClient } from '@gatehouse/sdk';\n`, reactExternal: true });
const entry = Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith('gatehouse-bench-entry'))![0];
const seen = new Set<string>(); const q = [entry];
while (q.length) { const p = q.pop()!; if (seen.has(p)) continue; seen.add(p); for (const i of meta.outputs[p]!.imports) if (i.kind === 'import-statement' && !i.external) q.push(i.path); }
let total = 0; const rows: [number, string][] = [];
for (const p of seen) { const g = gzipSync(readFileSync(p)).length; total += g; for (const [i, v] of Object.entries(meta.outputs[p]!.inputs)) rows.push([v.bytesInOutput, `${p.split('/').pop()} ${i}`]); }
rows.sort((a, b) => b[0] - a[0]); for (const r of rows) console.log(r[0], r[1]);
console.log('total gz', total, 'files', seen.size, 'raw sum', rows.reduce((a, r) => a + r[0], 0));
