// autocannon ships no types (and @types/autocannon is not installed): the part the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    connections?: number;
    duration?: number;
    /** Worker threads that generate the load (off the caller's event loop). */
    workers?: number;
    headers?: Record<string, string>;
    body?: string;
    /** Requests per second over all connections (a fixed rate measures latency, not the maximum throughput). */
    overallRate?: number;
    /** Each connection sends these in turn, round and round (fields left out are the options' own). */
    requests?: Array<{
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }>;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
