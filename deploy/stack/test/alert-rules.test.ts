// The chart's alert rules and dashboards, without a running stack: promtool checks the rules and
// runs their unit tests, every alert has its runbook and a test that it fires and one that it
// stays silent, and every dashboard is well-formed and what its generator writes.
// (prometheus-queries.test.ts proves every query against the metrics the real stack emits.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ALERTS_DIR, RULES_FILE, measuredSide, promtoolBinary, readDashboards, withGrafanaVariables } from './support/prometheus.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const UNIT_TESTS_FILE = join(ALERTS_DIR, 'betterplus-rules.test.yaml');

interface AlertRule {
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface UnitTests {
  rule_files: string[];
  tests: { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
}

const alertRules = async (): Promise<AlertRule[]> => {
  const rules = parse(await readFile(RULES_FILE, 'utf8')) as { groups: { rules: AlertRule[] }[] };
  return rules.groups.flatMap((group) => group.rules).filter((rule) => rule.alert !== undefined);
};

/** promtool's path, or undefined after failing the test under CI or skipping it elsewhere. */
function promtool(t: TestContext): string | undefined {
  const binary = promtoolBinary();
  if (binary !== undefined) return binary;
  const reason = 'no promtool (PROMTOOL_BIN; deploy/local-infra/prometheus.sh installs it)';
  if (process.env.CI) throw new Error(`CI must check the alert rules, but found ${reason}`);
  t.skip(reason);
  return undefined;
}

describe('the alert rules', () => {
  it('pass promtool check rules', (t) => {
    const binary = promtool(t);
    if (binary === undefined) return;
    const checked = spawnSync(binary, ['check', 'rules', RULES_FILE], { encoding: 'utf8' });
    assert.equal(checked.status, 0, checked.stdout + checked.stderr);
    assert.match(checked.stdout, /SUCCESS: \d+ rules found/);
  });

  it('pass their promtool unit tests (promtool test rules)', (t) => {
    const binary = promtool(t);
    if (binary === undefined) return;
    const tested = spawnSync(binary, ['test', 'rules', UNIT_TESTS_FILE], { encoding: 'utf8', cwd: ALERTS_DIR });
    assert.equal(tested.status, 0, tested.stdout + tested.stderr);
    assert.match(tested.stdout, /SUCCESS/);
  });

  it('cover the alerts the operators asked for, each with a severity, a summary, a description and a runbook', async () => {
    const rules = await alertRules();
    const watched = rules.map((rule) => rule.expr);
    for (const metric of [
      'status_code=~"5.."',
      'http_request_duration_seconds_bucket',
      'outbox_lag_seconds',
      'consumer_lag_seconds',
      'events_dead_lettered_total',
      'razorpay_webhook_signature_failures_total',
      'payment_verification_failures_total',
      'charges_refused_total',
      'kube_pod_container_status_restarts_total',
    ]) {
      assert.ok(
        watched.some((expr) => expr.includes(metric)),
        `an alert on ${metric}`,
      );
    }
    for (const rule of rules) {
      assert.match(rule.labels?.severity ?? '', /^(warning|critical)$/, `${String(rule.alert)}: severity`);
      for (const annotation of ['summary', 'description', 'runbook'])
        assert.ok((rule.annotations?.[annotation] ?? '').length > 20, `${String(rule.alert)}: ${annotation}`);
      assert.ok(measuredSide(rule.expr), `${String(rule.alert)}: compares what it measures with a number`);
    }
  });

  it('each have a unit test where they fire and one where they stay silent', async () => {
    const unitTests = parse(await readFile(UNIT_TESTS_FILE, 'utf8')) as UnitTests;
    assert.deepEqual(unitTests.rule_files, ['betterplus-rules.yaml']);
    const cases = unitTests.tests.flatMap((test) => test.alert_rule_test ?? []);
    for (const { alert } of await alertRules()) {
      const own = cases.filter((c) => c.alertname === alert);
      assert.ok(
        own.some((c) => (c.exp_alerts ?? []).length > 0),
        `${String(alert)} fires in a test`,
      );
      assert.ok(
        own.some((c) => (c.exp_alerts ?? []).length === 0),
        `${String(alert)} stays silent in a test`,
      );
    }
  });
});

interface Target {
  refId?: string;
  expr?: string;
  datasource?: { type?: string; uid?: string };
}

interface DashboardJson {
  uid?: string;
  title?: string;
  templating?: { list?: { name: string; type: string; query?: unknown }[] };
  panels?: { id?: number; title?: string; description?: string; type?: string; datasource?: { uid?: string }; targets?: Target[] }[];
}

const dashboards = async (): Promise<Map<string, DashboardJson>> => (await readDashboards()) as Map<string, DashboardJson>;

describe('the Grafana dashboards', () => {
  it('are one per service, plus events, business and the gateway', async () => {
    assert.deepEqual(
      [...(await dashboards()).keys()],
      [
        'business.json',
        'events.json',
        'gateway.json',
        'service-admin-reporting.json',
        'service-billing.json',
        'service-chat.json',
        'service-identity.json',
        'service-notifications.json',
      ],
    );
  });

  it('each have a uid, the data source and namespace variables, and panels with a description and queries on the data source variable', async () => {
    const uids = new Set<string>();
    for (const [file, dashboard] of await dashboards()) {
      assert.match(dashboard.uid ?? '', /^betterplus-[a-z-]+$/, file);
      assert.ok(!uids.has(dashboard.uid ?? ''), `${file}: a uid of its own`);
      uids.add(dashboard.uid ?? '');
      const variables = dashboard.templating?.list ?? [];
      assert.deepEqual(
        variables.map((v) => [v.name, v.type]),
        [
          ['datasource', 'datasource'],
          ['namespace', 'query'],
        ],
        file,
      );
      const panels = dashboard.panels ?? [];
      assert.ok(panels.length >= 5, `${file}: panels`);
      assert.equal(new Set(panels.map((p) => p.id)).size, panels.length, `${file}: panel ids are unique`);
      for (const panel of panels) {
        const where = `${file}: ${String(panel.title)}`;
        assert.ok(['timeseries', 'stat'].includes(panel.type ?? ''), where);
        assert.ok((panel.description ?? '').length > 10, `${where}: description`);
        assert.equal(panel.datasource?.uid, '${datasource}', where);
        assert.ok((panel.targets ?? []).length > 0, `${where}: queries`);
        for (const target of panel.targets ?? []) {
          assert.equal(target.datasource?.uid, '${datasource}', where);
          assert.match(target.refId ?? '', /^[A-Z]$/, where);
          assert.match(target.expr ?? '', /namespace=~"\$namespace"/, `${where}: filtered on the namespace variable`);
          assert.doesNotThrow(() => withGrafanaVariables(target.expr ?? ''), where);
        }
      }
    }
  });

  it('are what deploy/observability/dashboards.ts writes', () => {
    const checked = spawnSync(process.execPath, ['deploy/observability/dashboards.ts', '--check'], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(checked.status, 0, checked.stderr);
  });
});
