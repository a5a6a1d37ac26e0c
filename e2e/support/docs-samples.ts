// The docs' browser samples (`ts browser` and `tsx browser` blocks, docs/writing-docs.md) bundled into one page for
// e2e/tests/docs-samples.spec.ts: each sample becomes a module of its own, read from the docs as the reader copies
// it, with the two placeholders a reader fills in replaced by the test server's: the server's URL
// (https://auth.example.com) and the public token (public-token-test-… or public-token-live-…). The page's own
// code is ./docs-samples-page.tsx. One esbuild run, workspace packages from source (the @gatehouse/source
// condition), React in development mode so its warnings reach the console the spec checks.
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ROOT, type Sample, where } from '../../scripts/docs/pages';

/** The URL the samples name for the Gatehouse server (a PUBLIC_URL). */
export const SAMPLE_SERVER_URL = 'https://auth.example.com';
/** The public tokens the samples write (the ellipsis is part of them). */
export const SAMPLE_PUBLIC_TOKEN = /public-token-(?:test|live)-…/g;

const PAGE_MODULE = join(ROOT, 'e2e', 'support', 'docs-samples-page.tsx');

/** A sample's code as the page runs it: the placeholders replaced by the test server's URL and token. */
export function runnableCode(sample: Sample, options: { serverUrl: string; publicToken: string }): string {
  return sample.code
    .replaceAll(SAMPLE_SERVER_URL, options.serverUrl)
    .replace(SAMPLE_PUBLIC_TOKEN, options.publicToken);
}

/** The page's script: an iife that calls startDocsSamplesPage with every sample's module. */
export async function buildDocsSamplesScript(
  samples: Sample[],
  options: { serverUrl: string; publicToken: string },
): Promise<string> {
  // Each sample is a virtual module resolved from the repository root, so its imports find the workspace's
  // packages as a reader's find theirs.
  const virtual: Plugin = {
    name: 'docs-samples',
    setup(plugin) {
      plugin.onResolve({ filter: /^docs-sample:\d+$/ }, (args) => ({
        path: args.path,
        namespace: 'docs-sample',
      }));
      plugin.onLoad({ filter: /.*/, namespace: 'docs-sample' }, (args) => {
        const sample = samples[Number(args.path.split(':')[1])]!;
        return {
          contents: runnableCode(sample, options),
          loader: sample.lang === 'tsx' ? 'tsx' : 'ts',
          resolveDir: ROOT,
        };
      });
    },
  };
  const entry = [
    `import { startDocsSamplesPage } from ${JSON.stringify(PAGE_MODULE)};`,
    ...samples.map((_, index) => `import * as sample${index} from 'docs-sample:${index}';`),
    'startDocsSamplesPage({',
    `  publicToken: ${JSON.stringify(options.publicToken)},`,
    '  modules: {',
    ...samples.map((sample, index) => `    ${JSON.stringify(where(sample))}: sample${index},`),
    '  },',
    '});',
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['@gatehouse/source'],
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [virtual],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
