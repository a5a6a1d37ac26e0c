// `npm run export [-- --project ID] > users.jsonl` (issue 14 item 4): see
// packages/server/src/features/import/cli.ts.
import { runExportCli } from '@gatehouse/server';

process.exitCode = await runExportCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
