// `npm run console -- add-operator EMAIL --role ROLE` and `npm run console -- list-operators` (issue 26 item 2): see
// packages/server/src/features/operators/cli.ts.
import { runConsoleCli } from '@gatehouse/server';

process.exitCode = await runConsoleCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
