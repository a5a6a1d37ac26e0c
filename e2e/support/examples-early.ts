// Issue 23 item 8: the example apps (./examples.ts startExampleApps) take about a minute of packing, installing and
// building, which held one of the two Playwright workers for all of it (62–77 s of the examples spec's beforeAll in a
// full run) while the other ran tests. In a full run (`npm test` sets EXAMPLES_EARLY_ENV) the global setup starts
// them in Playwright's runner process without waiting, so that work overlaps the first specs, at the lowest CPU
// priority so that it takes only what the specs leave; the spec only waits for what is left. The runner hands them
// over through a state file whose path the workers inherit; the global teardown stops them. A run without
// EXAMPLES_EARLY_ENV (one spec, a local run) starts them in the spec, as before.
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExampleApps, type ExampleAppsInfo, startExampleApps } from './examples';

/** `1`: the global setup starts the example apps early (scripts/test.mjs sets it for the full run). */
export const EXAMPLES_EARLY_ENV = 'GATEHOUSE_E2E_EXAMPLES_EARLY';
/** Set by the global setup for the workers: the state file of the example apps it is starting. */
export const EXAMPLES_STATE_ENV = 'GATEHOUSE_E2E_EXAMPLES_STATE';

type State = { status: 'ready'; info: ExampleAppsInfo } | { status: 'failed'; error: string };

/** Global setup: starts the example apps without waiting for them. Returns the teardown, which stops them. */
export function startExampleAppsEarly(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-examples-state-'));
  const file = join(dir, 'state.json');
  process.env[EXAMPLES_STATE_ENV] = file;
  const write = (state: State) => {
    // Renamed into place: a worker never reads half a file.
    writeFileSync(`${file}.partial`, JSON.stringify(state));
    renameSync(`${file}.partial`, file);
  };
  const started: Promise<ExampleApps | null> = startExampleApps({ lowPriority: true }).then(
    (apps) => {
      write({ status: 'ready', info: apps.info });
      return apps;
    },
    (error: unknown) => {
      write({
        status: 'failed',
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return null;
    },
  );
  return async () => {
    await (await started)?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

function readState(file: string): State | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as State;
  } catch {
    return null; // not written yet
  }
}

/**
 * For the examples spec: the apps the global setup is starting, once they are up (their `stop` is the global
 * teardown's), or apps started here when it started none. Bounded by the caller's timeout.
 */
export async function exampleApps(): Promise<ExampleApps> {
  const file = process.env[EXAMPLES_STATE_ENV];
  if (!file) return startExampleApps();
  for (;;) {
    const state = readState(file);
    if (state?.status === 'ready') return { info: state.info, stop: async () => {} };
    if (state?.status === 'failed') {
      throw new Error(`The example apps the global setup started failed:\n${state.error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
