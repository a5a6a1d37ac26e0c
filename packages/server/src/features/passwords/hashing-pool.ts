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

/**
 * The start of every pool worker: lower this thread's own priority, then answer `{ id, ...message }` with
 * `{ id, value }` or `{ id, error }` through `handle(message)`, which the pool's source defines.
 */
const WORKER_PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
try {
  // "/proc/thread-self" links to "<pid>/task/<tid>": this thread's id, whose niceness Linux sets alone.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, workerData.niceness);
} catch {
  // Not Linux (or no /proc): the thread runs at normal priority.
}
`;

const WORKER_LOOP = `
parentPort.on('message', ({ id, message }) => {
  try {
    parentPort.postMessage({ id, value: handle(message) });
  } catch (error) {
    parentPort.postMessage({ id, error: error && error.message ? error.message : String(error) });
  }
});
`;

interface Job {
  id: number;
  message: object;
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Set once the job was given back after its worker died under it (jobs are pure: a retry is safe). */
  retried?: boolean;
}

export interface WorkerPool {
  /** `handle(message)` in a free worker (in order when all are busy); its return value or its error. */
  run<T>(message: object): Promise<T>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /**
   * CommonJS evaluated in each worker after the prelude (which defines `parentPort` and `workerData`): it must
   * define `function handle(message)`, synchronous, returning a structured-clonable value.
   */
  source: string;
  /** Clonable data for the source (the prelude adds `niceness`). */
  workerData?: Record<string, unknown>;
  /** Threads (default: the cores). */
  size?: number;
  /** Niceness each thread takes (0 = the event loop's; 19 = the lowest). */
  niceness?: number;
}

/**
 * `size` worker threads running `source`, each at `niceness`, started on first use and unref'd (an idle pool never
 * keeps the process alive). Jobs queue in order when every worker is busy; a worker that dies fails its job and is
 * replaced, so the pool keeps its size. Shared by the hashing threads here and the strength checks (strength.ts).
 */
export function createWorkerPool({
  source,
  workerData = {},
  size = availableParallelism(),
  niceness = HASHING_THREAD_NICENESS,
}: WorkerPoolOptions): WorkerPool {
  const code = `${WORKER_PRELUDE}\n${source}\n${WORKER_LOOP}`;
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const queue: Job[] = [];
  let started = false;
  let closed = false;
  let nextId = 0;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      busy.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, message: job.message });
    }
  };

  const spawn = () => {
    const worker = new Worker(code, { eval: true, workerData: { ...workerData, niceness } });
    worker.unref();
    let answered = false;
    worker.on('message', (message: { id: number; value?: unknown; error?: string }) => {
      answered = true;
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
    // A worker that exits without an 'error' (process.exit in a job, a fatal native failure) is a death too;
    // after an 'error' the worker is no longer tracked, so its following 'exit' does nothing.
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker)) died(new Error(`a pool worker exited (code ${code})`));
    });
    const died = (error: Error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      // A worker that served before and dies later (an uncaught error after an answer) may take the next job down
      // with it: that job goes to the replacement, once, instead of failing a sign-in that did nothing wrong.
      if (job && answered && !closed && !job.retried) {
        job.retried = true;
        queue.unshift(job);
      } else job?.reject(error);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      if (closed) return;
      if (!answered) {
        // It died before any answer (its source or a module failed to load): a new one would die alike, so the
        // waiting jobs fail now and a later call starts afresh, rather than respawning in a loop.
        for (const waiting of queue.splice(0)) waiting.reject(error);
        if (idle.length === 0 && busy.size === 0) started = false;
        return;
      }
      // Replace the dead worker so the pool keeps its size.
      spawn();
      dispatch();
    };
    worker.on('error', died);
    idle.push(worker);
  };

  return {
    run<T>(message: object): Promise<T> {
      if (!started) {
        started = true;
        for (let i = 0; i < Math.max(1, size); i += 1) spawn();
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ message, id: nextId++, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const workers = [...idle, ...busy.keys()];
      idle.length = 0;
      busy.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

const ARGON2_SOURCE = `
const argon2 = require(workerData.argon2Path);
function handle({ op, stored, password, options }) {
  return op === 'hash' ? argon2.hashSync(password, options) : argon2.verifySync(stored, password);
}
`;

export interface Argon2Pool {
  hash(password: string, options: object): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/** argon2 hash and verify in `size` worker threads (default: the cores) at `niceness` (see createWorkerPool). */
export function createArgon2Pool({
  size = availableParallelism(),
  niceness = HASHING_THREAD_NICENESS,
}: {
  size?: number;
  niceness?: number;
} = {}): Argon2Pool {
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const pool = createWorkerPool({ source: ARGON2_SOURCE, workerData: { argon2Path }, size, niceness });
  return {
    hash: (password, options) => pool.run<string>({ op: 'hash', password, options }),
    verify: (stored, password) => pool.run<boolean>({ op: 'verify', stored, password }),
    close: () => pool.close(),
  };
}
