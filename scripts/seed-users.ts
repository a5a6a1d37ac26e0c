// `npm run seed -- --users N [--database-url URL] [--project ID]` (issue 23 item 6): see
// packages/server/src/features/import/seed-cli.ts.
import { runSeedCli } from '../packages/server/src/features/import/seed-cli';

process.exitCode = await runSeedCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
