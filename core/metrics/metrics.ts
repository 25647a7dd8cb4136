import type {
  Counter,
  CounterConfiguration,
  Gauge,
  GaugeConfiguration,
  Histogram,
  HistogramConfiguration,
  Registry,
} from 'prom-client';

type Unregistered<T> = Omit<T, 'registers'>;
type PromClient = typeof import('prom-client');

/**
 * One process's Prometheus metrics (prom-client): one registry per server, so that two servers in one process
 * (tests) never share a metric. Core and plugins add theirs through CoreContext.metrics, always present: a metric
 * costs nothing until it is observed or scraped. What is served, and where, is core/metrics/http.ts.
 *
 * When metrics are not served (no METRICS_PORT, no METRICS_TOKEN) nothing could ever read them: `Metrics.create(false)`
 * hands out metrics that record nothing, and prom-client (with the OpenTelemetry API under it, about 90 modules) is
 * never loaded (docs/adr/0011-a-start-does-only-what-it-must.md).
 *
 * Names: `vd_` then what is measured, in base units (`_seconds`, `_bytes`), counters ending in `_total`. Labels take
 * a few known values only (a route pattern, a state), never a user, an id or a raw URL.
 */
export class Metrics {
  readonly #prom: PromClient | null;
  readonly #registry: Registry | null;
  #processMetrics = false;

  /** Metrics that record (prom-client loaded now), or, when `served` is false, metrics that record nothing. */
  static async create(served: boolean): Promise<Metrics> {
    return new Metrics(served ? await import('prom-client') : null);
  }

  /** Nothing recorded, nothing served: for a part started without a server's metrics (a bot shard's event bridge). */
  static off(): Metrics {
    return new Metrics(null);
  }

  private constructor(prom: PromClient | null) {
    this.#prom = prom;
    this.#registry = prom ? new prom.Registry() : null;
  }

  /** The registry; only metrics that record have one (tests read single metrics from it). */
  get registry(): Registry {
    if (!this.#registry) throw new Error('These metrics record nothing: no registry');
    return this.#registry;
  }

  counter<L extends string>(config: Unregistered<CounterConfiguration<L>>): Counter<L> {
    return this.#prom
      ? new this.#prom.Counter({ ...config, registers: [this.#registry!] })
      : (UNRECORDED as unknown as Counter<L>);
  }

  gauge<L extends string>(config: Unregistered<GaugeConfiguration<L>>): Gauge<L> {
    return this.#prom
      ? new this.#prom.Gauge({ ...config, registers: [this.#registry!] })
      : (UNRECORDED as unknown as Gauge<L>);
  }

  histogram<L extends string>(config: Unregistered<HistogramConfiguration<L>>): Histogram<L> {
    return this.#prom
      ? new this.#prom.Histogram({ ...config, registers: [this.#registry!] })
      : (UNRECORDED as unknown as Histogram<L>);
  }

  /** prom-client's process and Node.js metrics (CPU, memory, event loop lag, GC, handles); once. */
  collectProcessMetrics(): void {
    if (this.#processMetrics || !this.#prom) return;
    this.#processMetrics = true;
    this.#prom.collectDefaultMetrics({ register: this.#registry! });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text; every gauge's collect() runs now (some read the database). */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** What a metric that records nothing answers: every recording call does nothing, `labels()` gives itself back. */
const UNRECORDED = {
  inc() {},
  dec() {},
  set() {},
  observe() {},
  reset() {},
  remove() {},
  zero() {},
  labels() {
    return UNRECORDED;
  },
  startTimer() {
    return () => 0;
  },
};

/** Latency buckets in seconds, from 1 ms (a cached read) to 10 s (something is wrong). */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
