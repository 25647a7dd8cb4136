import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { parseCaddyfile } from '../support/caddyfile.ts';
import { ROOT } from '../support/spawn-server.ts';

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  expose?: string[];
  container_name?: string;
  environment?: Record<string, string | number | boolean>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  healthcheck?: unknown;
  profiles?: string[];
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const compose = load(read('docker-compose.yml'), { filename: 'docker-compose.yml' }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { web, proxy, db, prometheus } = compose.services as Record<'web' | 'proxy' | 'db' | 'prometheus', Service>;

/** `1m30s`, `15s`, `500ms` (compose durations) in ms. */
function durationMs(value: string): number {
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms']!;
  return total;
}

/**
 * Docker does not run here: the compose file and the Caddyfile are read as data and checked for what
 * `docker compose up --scale web=3` needs. tests/process/replicas.test.ts proves the behaviour with processes.
 */
describe('docker-compose.yml', () => {
  it('can scale web: no fixed host port, no container name, the proxy publishes the port', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bot', 'db', 'prometheus', 'proxy', 'web']);
    expect(web.ports).toBeUndefined();
    expect(web.container_name).toBeUndefined();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Compose's own ${VAR:-default}, not a template literal
    expect(proxy.ports).toEqual(['${PORT:-4321}:80']);
    expect(proxy.depends_on).toEqual({ web: { condition: 'service_healthy' } });
    expect(db.ports).toBeUndefined();
  });

  it('runs web as one of several behind the proxy: PostgreSQL, trusted proxy headers, a shared uploads volume', () => {
    const env = web.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/diner:\$\{POSTGRES_PASSWORD\}@db:5432\/diner$/);
    expect(env.TRUST_PROXY).toBe('true');
    expect(env.NODE_ENV).toBe('production');
    // A named volume (not a path inside one container) mounted where DATA_DIR points: every replica sees every upload.
    expect(web.volumes).toEqual(['uploads:/app/data']);
    expect(compose.volumes).toHaveProperty('uploads');
    expect(read('Dockerfile')).toMatch(/DATA_DIR=\/app\/data/);
  });

  it("gives a replica longer to drain than the drain's own limit before docker kills it", () => {
    const limitMs = loadConfig({
      SHUTDOWN_TIMEOUT_S: String(web.environment!.SHUTDOWN_TIMEOUT_S).replace(
        /^\$\{SHUTDOWN_TIMEOUT_S:-(\d+)\}$/,
        '$1',
      ),
    }).shutdownTimeoutMs;
    expect(limitMs).toBe(10_000);
    expect(durationMs(web.stop_grace_period!)).toBeGreaterThan(limitMs);
  });

  it("configures the metrics port, apart from the site's", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Compose's own ${VAR:-default}, not a template literal
    expect(web.environment!.METRICS_PORT).toBe('${METRICS_PORT:-9464}');
    expect(String(web.environment!.METRICS_PORT)).not.toContain('4321');
  });

  it("the proxy's Caddyfile exists, is mounted, and sends every request to every web replica on the port web listens on", () => {
    expect(proxy.image).toMatch(/^caddy:2/);
    expect(proxy.volumes).toEqual(['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro']);
    expect(existsSync(path.join(ROOT, 'deploy/Caddyfile'))).toBe(true);
    const caddyfile = parseCaddyfile(read('deploy/Caddyfile'));
    const webPort = /PORT=(\d+)/.exec(read('Dockerfile'))![1];
    // The global options block, then one site: plain HTTP on :80, proxied to every replica Docker's DNS names `web`.
    expect(caddyfile.map((d) => d.words)).toEqual([[], [':80']]);
    const proxying = caddyfile[1]!.block!.find((d) => d.words[0] === 'reverse_proxy');
    expect(proxying?.words).toEqual(['reverse_proxy']);
    expect(proxying!.block!.find((d) => d.words[0] === 'dynamic')?.words).toEqual(['dynamic', 'a', 'web', webPort]);
    // No header rewriting that would drop the upgrade or the forwarded headers Caddy sets by default.
    const rewrites = proxying!.block!.filter((d) => d.words[0] === 'header_up').map((d) => d.words[1] ?? '');
    expect(rewrites.filter((header) => /^-(Upgrade|Connection|X-Forwarded)/i.test(header))).toEqual([]);
  });

  it('every variable the compose file reads is in .env.example', () => {
    const used = new Set([...read('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]!));
    const listed = new Set([...read('.env.example').matchAll(/^#?\s*(\w+)=/gm)].map((m) => m[1]!));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
  });
});

/** Every `vd_` metric the code declares (`name: 'vd_…'` in core/ and plugins/, and a job's `duration`, `failures`, `lag`). */
function declaredMetrics(): Set<string> {
  const names = new Set<string>();
  for (const folder of ['core', 'plugins']) {
    for (const file of readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.includes('.test.')) continue;
      for (const match of read(path.join(folder, file)).matchAll(/(?:name|duration|failures|lag): '(vd_\w+)'/g))
        names.add(match[1]!);
    }
  }
  return names;
}

describe('deploy/prometheus', () => {
  interface Rule {
    alert: string;
    expr: string;
    for?: string;
    labels: { severity: string };
    annotations: { summary: string };
  }
  const config = load(read('deploy/prometheus/prometheus.yml')) as {
    rule_files: string[];
    scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; type: string; port: number }[] }[];
  };
  const alerts = load(read('deploy/prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] };

  it('Prometheus (profile monitoring) scrapes every web replica on the metrics port the compose file sets', () => {
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(prometheus.volumes).toContain('./deploy/prometheus:/etc/prometheus:ro');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Compose's own ${VAR:-default}, not a template literal
    expect(prometheus.ports).toEqual(['127.0.0.1:${PROMETHEUS_PORT:-9090}:9090']);
    const [job] = config.scrape_configs;
    expect(job!.dns_sd_configs).toEqual([{ names: ['web'], type: 'A', port: 9464, refresh_interval: '15s' }]);
    expect(String(web.environment!.METRICS_PORT)).toBe(`\${METRICS_PORT:-${job!.dns_sd_configs[0]!.port}}`);
    for (const file of config.rule_files) expect(existsSync(path.join(ROOT, 'deploy/prometheus', file))).toBe(true);
  });

  it('every alert is complete and asks only for metrics the code declares', () => {
    const declared = declaredMetrics();
    const rules = alerts.groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(10);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^VirtualDiner[A-Z]\w+$/);
      expect(['page', 'ticket', 'info']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      for (const [name] of rule.expr.matchAll(/\bvd_\w+/g)) {
        const base = name.replace(/_(bucket|count|sum)$/, '');
        expect(declared, `${rule.alert} reads ${name}`).toContain(declared.has(name) ? name : base);
      }
    }
    // What the issue asks to watch: 5xx, p99 per route, sweeper lag, bridge failures and lag, pool, sockets, memory.
    const exprs = rules.map((r) => r.expr).join('\n');
    for (const metric of [
      'status_code=~"5.."',
      'histogram_quantile(0.99, sum by (le, route)',
      'vd_order_sweep_lag_seconds',
      'vd_event_bridge_failures_total',
      'vd_event_bridge_lag_seconds_bucket',
      'vd_db_pool_waiting',
      'vd_gateway_identified_sockets',
      'process_resident_memory_bytes',
    ]) {
      expect(exprs).toContain(metric);
    }
  });

  it('docs/operations.md describes every metric the code declares', () => {
    const operations = read('docs/operations.md');
    const missing = [...declaredMetrics()].filter((name) => !operations.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
