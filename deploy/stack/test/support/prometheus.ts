// A real Prometheus for tests (Debian's package: deploy/local-infra/prometheus.sh prints
// PROMETHEUS_BIN and PROMTOOL_BIN): its own free port, a throwaway data directory, static
// targets scraped every second, and the chart's alert rules loaded.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, startOwnedProcess } from '@betterplus/kit/testing';

/** The chart's alert rules and their promtool unit tests. */
export const ALERTS_DIR = fileURLToPath(new URL('../../../../helm/betterplus/alerts/', import.meta.url));
export const RULES_FILE = join(ALERTS_DIR, 'betterplus-rules.yaml');
/** The chart's Grafana dashboards (written by deploy/observability/dashboards.ts). */
const DASHBOARDS_DIR = fileURLToPath(new URL('../../../../helm/betterplus/dashboards/', import.meta.url));

const runs = (binary: string): boolean => spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;

/** PROMETHEUS_BIN (else `prometheus` on PATH) when it runs. */
export function prometheusBinary(): string | undefined {
  const candidate = process.env.PROMETHEUS_BIN ?? 'prometheus';
  return runs(candidate) ? candidate : undefined;
}

/** PROMTOOL_BIN (else `promtool` on PATH) when it runs. */
export function promtoolBinary(): string | undefined {
  const candidate = process.env.PROMTOOL_BIN ?? 'promtool';
  return runs(candidate) ? candidate : undefined;
}

export interface ScrapeTarget {
  job: string;
  /** The whole metrics URL, e.g. http://127.0.0.1:41234/metrics. */
  url: string;
}

export interface PromSample {
  metric: Record<string, string>;
  value: [number, string];
}

export interface LoadedRule {
  name: string;
  type: 'alerting' | 'recording';
  query: string;
  state?: string;
}

export interface Prometheus {
  url: string;
  /** An instant query's result vector (or scalar, as one sample). */
  query(expr: string): Promise<PromSample[]>;
  /** The rules Prometheus loaded, as it parsed them. */
  rules(): Promise<LoadedRule[]>;
  /** Targets whose last scrape failed, with the error; empty when every one is up. */
  downTargets(): Promise<string[]>;
  stop(): Promise<void>;
}

interface ApiReply<T> {
  status: string;
  data: T;
  error?: string;
}

/** Config in JSON, which is YAML too. */
function configOf(targets: readonly ScrapeTarget[], ruleFiles: readonly string[]): string {
  return JSON.stringify({
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    rule_files: ruleFiles,
    scrape_configs: targets.map(({ job, url }) => {
      const parsed = new URL(url);
      return { job_name: job, metrics_path: parsed.pathname, static_configs: [{ targets: [parsed.host] }] };
    }),
  });
}

export async function startPrometheus(options: { targets: readonly ScrapeTarget[]; ruleFiles?: readonly string[]; timeoutMs?: number }): Promise<Prometheus> {
  const binary = prometheusBinary();
  if (binary === undefined) throw new Error('cannot start Prometheus: set PROMETHEUS_BIN (deploy/local-infra/prometheus.sh)');
  const dir = await mkdtemp(join(tmpdir(), 'betterplus-prometheus-'));
  const configPath = join(dir, 'prometheus.yml');
  await writeFile(configPath, configOf(options.targets, options.ruleFiles ?? []));
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const prometheus = startOwnedProcess(
    binary,
    [`--config.file=${configPath}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${String(port)}`, '--log.level=warn'],
    {
      name: 'prometheus',
      workDir: dir,
    },
  );
  const stop = prometheus.stop;

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    const reply = (await response.json()) as ApiReply<T>;
    if (reply.status !== 'success') throw new Error(`Prometheus ${path}: ${reply.error ?? response.statusText}`);
    return reply.data;
  };

  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const exited = prometheus.exitReason();
    if (exited !== undefined) {
      await stop();
      throw new Error(exited);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus was not ready within ${String(options.timeoutMs ?? 20_000)} ms: ${prometheus.stderr().trim()}`);
    }
    await sleep(100);
  }

  return {
    url,
    async query(expr) {
      const data = await api<{ resultType: string; result: PromSample[] | [number, string] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`);
      if (data.resultType === 'scalar') return [{ metric: {}, value: data.result as [number, string] }];
      return data.result as PromSample[];
    },
    async rules() {
      const data = await api<{ groups: { rules: LoadedRule[] }[] }>('/api/v1/rules');
      return data.groups.flatMap((group) => group.rules);
    },
    async downTargets() {
      const data = await api<{ activeTargets: { scrapeUrl: string; health: string; lastError: string }[] }>('/api/v1/targets');
      return data.activeTargets.filter((target) => target.health !== 'up').map((target) => `${target.scrapeUrl}: ${target.health} ${target.lastError}`);
    },
    stop,
  };
}

export interface DashboardQuery {
  dashboard: string;
  panel: string;
  expr: string;
}

interface DashboardFile {
  title: string;
  panels: { title: string; targets: { expr: string }[] }[];
}

/** The dashboards the chart ships, parsed, by file name (sorted). */
export async function readDashboards(): Promise<Map<string, unknown>> {
  const files = (await readdir(DASHBOARDS_DIR)).filter((file) => file.endsWith('.json')).sort();
  return new Map(await Promise.all(files.map(async (file) => [file, JSON.parse(await readFile(join(DASHBOARDS_DIR, file), 'utf8')) as unknown] as const)));
}

/** Every PromQL expression of every panel of every dashboard the chart ships. */
export async function dashboardQueries(): Promise<DashboardQuery[]> {
  const dashboards = [...(await readDashboards()).values()] as DashboardFile[];
  return dashboards.flatMap((dashboard) =>
    dashboard.panels.flatMap((panel) => panel.targets.map(({ expr }) => ({ dashboard: dashboard.title, panel: panel.title, expr }))),
  );
}

/**
 * What Grafana sends for the dashboards' variables: every namespace (series scraped outside
 * Kubernetes have none, which `.*` matches), and a rate window and a range longer than a test
 * run, so what the traffic did at its start still counts when the queries run.
 */
export const GRAFANA_VARIABLES: Readonly<Record<string, string>> = { namespace: '.*', __rate_interval: '5m', __range: '10m' };

/** `expr` with Grafana's variables replaced as Grafana would; throws on a variable it does not know. */
export function withGrafanaVariables(expr: string): string {
  return expr.replace(/\$\{?(\w+)\}?/g, (whole, name: string) => {
    const value = GRAFANA_VARIABLES[name];
    if (value === undefined) throw new Error(`unknown Grafana variable ${whole} in ${expr}`);
    return value;
  });
}

/** An alert's expression without its final comparison to a number: the figure it measures. */
export function measuredSide(expr: string): string | undefined {
  return /^([\s\S]+?)\s*(?:>|<|>=|<=|==|!=)\s*-?[\d.]+(?:e[+-]?\d+)?\s*$/.exec(expr.trim())?.[1];
}
