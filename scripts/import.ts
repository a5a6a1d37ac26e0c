// `npm run import -- --from stytch|clerk|auth0|gatehouse FILE [--project ID]` (issue 14 item 3): see
// packages/server/src/features/import/cli.ts.
import { runImportCli } from '@gatehouse/server';

process.exitCode = await runImportCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
