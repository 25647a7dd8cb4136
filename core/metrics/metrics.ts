import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

type Unregistered<T> = Omit<T, 'registers'>;

/**
 * One process's Prometheus metrics (prom-client): one registry per server, so that two servers in one process
 * (tests) never share a metric. Core and plugins add theirs through CoreContext.metrics, always present: a metric
 * costs nothing until it is observed or scraped. What is served, and where, is core/metrics/http.ts.
 *
 * Names: `vd_` then what is measured, in base units (`_seconds`, `_bytes`), counters ending in `_total`. Labels take
 * a few known values only (a route pattern, a state), never a user, an id or a raw URL.
 */
export class Metrics {
  readonly registry = new Registry();
  #processMetrics = false;

  counter<L extends string>(config: Unregistered<CounterConfiguration<L>>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Unregistered<GaugeConfiguration<L>>): Gauge<L> {
    return new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Unregistered<HistogramConfiguration<L>>): Histogram<L> {
    return new Histogram({ ...config, registers: [this.registry] });
  }

  /** prom-client's process and Node.js metrics (CPU, memory, event loop lag, GC, handles); once. */
  collectProcessMetrics(): void {
    if (this.#processMetrics) return;
    this.#processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text; every gauge's collect() runs now (some read the database). */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Latency buckets in seconds, from 1 ms (a cached read) to 10 s (something is wrong). */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
