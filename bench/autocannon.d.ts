// autocannon ships no types: only the parts bench/lib.ts uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to send in all; when set, the run ends after them instead of after `duration`. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests sent in turn by each connection; `setupRequest` may rewrite each one as it goes out. */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      };
    }[];
  }

  /** Latencies in milliseconds; the keys are percentiles (p2_5, p50, p97_5, p99, …). */
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

  interface Result {
    url: string;
    /** Seconds. */
    duration: number;
    connections: number;
    /** Requests per second, sampled each second. */
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  /** Without a callback the returned tracker is also a promise of the result. */
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
