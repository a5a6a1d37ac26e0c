// Issue 10 item 6: "hashing must not starve the event loop". argon2 is pure CPU; on the libuv pool its threads run at
// the event loop's priority, so with every core hashing the session check waits for the scheduler. Here each hash
// runs in a worker thread of our own that lowers its own scheduling priority (Linux: setpriority on the thread id
// read from /proc/thread-self; nice 10 weighs ~1/10 of the event loop's nice 0). When the event loop has work it
// gets a core at once; when it has none, the workers use every core, so throughput stays the raw library's.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The niceness the hashing threads take (0 = the event loop's; 19 = the lowest). */
export const HASHING_THREAD_NICENESS = 10;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
try {
  // "/proc/thread-self" links to "<pid>/task/<tid>": this thread's id, whose niceness Linux sets alone.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, workerData.niceness);
} catch {
  // Not Linux (or no /proc): hashes run at normal priority.
}
parentPort.on('message', ({ id, op, stored, password, options }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(password, options) : argon2.verifySync(stored, password);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: error && error.message ? error.message : String(error) });
  }
});
`;

interface Job {
  id: number;
  op: 'hash' | 'verify';
  stored?: string;
  password: string;
  options?: object;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface Argon2Pool {
  hash(password: string, options: object): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * `size` worker threads (default: the cores), started on first use, unref'd (an idle pool never keeps the process
 * alive). Jobs queue in order when every worker is busy.
 */
export function createArgon2Pool({
  size = availableParallelism(),
  niceness = HASHING_THREAD_NICENESS,
}: {
  size?: number;
  niceness?: number;
} = {}): Argon2Pool {
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const queue: Job[] = [];
  let started = false;
  let nextId = 0;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      busy.set(worker, job);
      worker.ref();
      worker.postMessage({
        id: job.id,
        op: job.op,
        stored: job.stored,
        password: job.password,
        options: job.options,
      });
    }
  };

  const spawn = () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2Path, niceness } });
    worker.unref();
    worker.on('message', (message: { id: number; value?: unknown; error?: string }) => {
      const job = busy.get(worker);
      busy.delete(worker);
      worker.unref();
      idle.push(worker);
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.value);
      }
      dispatch();
    });
    worker.on('error', (error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      job?.reject(error);
      // Replace the dead worker so the pool keeps its size.
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      spawn();
      dispatch();
    });
    idle.push(worker);
  };

  const run = <T>(job: Omit<Job, 'id' | 'resolve' | 'reject'>): Promise<T> => {
    if (!started) {
      started = true;
      for (let i = 0; i < Math.max(1, size); i += 1) spawn();
    }
    return new Promise<T>((resolve, reject) => {
      queue.push({ ...job, id: nextId++, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  };

  return {
    hash: (password, options) => run<string>({ op: 'hash', password, options }),
    verify: (stored, password) => run<boolean>({ op: 'verify', stored, password }),
    async close() {
      const workers = [...idle, ...busy.keys()];
      idle.length = 0;
      busy.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
