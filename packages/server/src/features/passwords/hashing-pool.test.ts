import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from './hashing';
import { createArgon2Pool, createWorkerPool, HASHING_THREAD_NICENESS } from './hashing-pool';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const pool = createArgon2Pool({ size: 2 });
afterAll(() => pool.close());

/** The niceness of every thread of this process (Linux /proc; field 19 of stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the low-priority hashing threads (issue 10 item 6)', () => {
  it('hash and verify through the pool, the same PHC strings as the library', async () => {
    const hasher = createPasswordHasher(FAST, { pool });
    const stored = await hasher.hash('through the pool');
    expect(stored.startsWith('$argon2id$v=19$m=1024,t=1,p=1$')).toBe(true);
    const results = await Promise.all(
      ['through the pool', 'not it at all', 'through the pool'].map((password) =>
        hasher.verify(stored, password),
      ),
    );
    expect(results.map((result) => result.valid)).toEqual([true, false, true]);
    // A library hash verifies through the pool and the other way round.
    expect((await createPasswordHasher(FAST).verify(stored, 'through the pool')).valid).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'runs its threads at a lower priority than the event loop',
    async () => {
      await pool.verify(await pool.hash('priority check', { ...FAST, algorithm: 2 }), 'priority check');
      const niceness = threadNiceness();
      expect(niceness.filter((value) => value === HASHING_THREAD_NICENESS).length).toBeGreaterThanOrEqual(2);
      // This (the event loop's) thread keeps its own.
      const own = readFileSync('/proc/thread-self/stat', 'utf8');
      expect(Number(own.slice(own.lastIndexOf(')') + 2).split(' ')[16])).not.toBe(HASHING_THREAD_NICENESS);
    },
  );

  it('turns a library error into a rejected promise and keeps serving', async () => {
    await expect(pool.hash('x', { memoryCost: 1 })).rejects.toThrow();
    expect(await pool.verify(await pool.hash('still serving', FAST), 'still serving')).toBe(true);
  });
});

describe('the worker pool under the hashing threads', () => {
  it('replaces a worker that dies after answering, and keeps serving', async () => {
    const pool = createWorkerPool({
      size: 1,
      source: `function handle({ crash, value }) { if (crash) setImmediate(() => { throw new Error('gone'); }); return value; }`,
    });
    try {
      expect(await pool.run({ value: 1 })).toBe(1);
      // The crash comes after its answer: the next jobs reach a replacement.
      expect(await pool.run({ value: 2, crash: true })).toBe(2);
      const answers = await Promise.all([3, 4, 5].map((value) => pool.run({ value })));
      expect(answers).toEqual([3, 4, 5]);
    } finally {
      await pool.close();
    }
  });

  it('fails a job whose worker exits under it (twice: first on the worker, then on its replacement), and keeps serving', async () => {
    const pool = createWorkerPool({
      size: 1,
      source: `function handle({ exit, value }) { if (exit) process.exit(3); return value; }`,
    });
    try {
      expect(await pool.run({ value: 1 })).toBe(1);
      // Without the 'exit' handling this job waits forever (the test times out).
      await expect(pool.run({ exit: true })).rejects.toThrow(/exited/);
      expect(await pool.run({ value: 2 })).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('fails its jobs, without respawning in a loop, when its source cannot start', async () => {
    const pool = createWorkerPool({ size: 2, source: `require('a-module-that-is-not-there');` });
    try {
      const results = await Promise.allSettled([1, 2, 3].map((value) => pool.run({ value })));
      expect(results.every((result) => result.status === 'rejected')).toBe(true);
      // A later call tries again (and fails the same way) rather than hanging.
      await expect(pool.run({ value: 4 })).rejects.toThrow();
    } finally {
      await pool.close();
    }
  });
});
