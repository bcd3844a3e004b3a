// The Grafana dashboards the chart ships (helm/betterplus/dashboards/*.json), written from this
// one description so the five service dashboards stay alike:
//   node deploy/observability/dashboards.ts           rewrites the JSON files
//   node deploy/observability/dashboards.ts --check   exits 1 when a committed file differs
// Every query filters on `namespace=~"$namespace"`; the Prometheus data source is the
// `datasource` variable, so the dashboards work with whatever data source Grafana names.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SERVICES = ['identity', 'billing', 'chat', 'notifications', 'admin-reporting'] as const;

/** Where the chart keeps them; the chart's ConfigMaps read every file of this folder. */
const DASHBOARDS_DIR = join(import.meta.dirname, '..', '..', 'helm', 'betterplus', 'dashboards');

interface Query {
  expr: string;
  legend: string;
}

interface Panel {
  title: string;
  description: string;
  unit: string;
  queries: Query[];
  /** A single figure over the chosen time range instead of a graph. */
  stat?: boolean;
  /** Grid columns (of 24); graphs take 12, stats 6. */
  width?: number;
}

interface Dashboard {
  file: string;
  uid: string;
  title: string;
  description: string;
  panels: Panel[];
}

const datasource = { type: 'prometheus', uid: '${datasource}' };
const ns = 'namespace=~"$namespace"';
const rate = (metric: string, selector: string) => `rate(${metric}{${selector}}[$__rate_interval])`;

function servicePanels(service: string): Panel[] {
  const of = `service="${service}", ${ns}`;
  // Probes and scrapes answer in microseconds and would flatten every route's figures.
  const served = `${of}, route!~"/healthz|/readyz|/metrics"`;
  const requests = (selector: string) => rate('http_request_duration_seconds_count', selector);
  return [
    {
      title: 'Requests per second by route',
      description: 'Requests the service answered, per route template and method.',
      unit: 'reqps',
      queries: [{ expr: `sum by (route, method) (${requests(served)})`, legend: '{{method}} {{route}}' }],
    },
    {
      title: 'Errors per second by route and status',
      description: "Answers with a 4xx or 5xx status. 4xx are mostly the callers' mistakes (401, 404, 429); 5xx are ours.",
      unit: 'reqps',
      queries: [{ expr: `sum by (route, status_code) (${requests(`${served}, status_code=~"4..|5.."`)})`, legend: '{{status_code}} {{route}}' }],
    },
    {
      title: 'Share of requests answered with 5xx',
      description: 'The ratio the 5xx alert watches; 0 while every answer is below 500.',
      unit: 'percentunit',
      queries: [
        {
          expr: `(sum by (route) (${requests(`${served}, status_code=~"5.."`)}) or sum by (route) (${requests(served)}) * 0) / sum by (route) (${requests(served)})`,
          legend: '{{route}}',
        },
      ],
    },
    {
      title: 'Duration p95 by route',
      description: 'The 95th percentile of the time to answer, per route (the latency alert uses the same histogram per service).',
      unit: 's',
      queries: [{ expr: `histogram_quantile(0.95, sum by (route, le) (${rate('http_request_duration_seconds_bucket', served)}))`, legend: '{{route}}' }],
    },
    {
      title: 'Duration p50 and p99',
      description: 'Median and 99th percentile over all routes of the service.',
      unit: 's',
      queries: [
        { expr: `histogram_quantile(0.5, sum by (le) (${rate('http_request_duration_seconds_bucket', served)}))`, legend: 'p50' },
        { expr: `histogram_quantile(0.99, sum by (le) (${rate('http_request_duration_seconds_bucket', served)}))`, legend: 'p99' },
      ],
    },
    {
      title: 'Event-loop lag',
      description: 'How late the Node event loop runs timers, per pod: high lag delays every request of that pod.',
      unit: 's',
      queries: [
        { expr: `max by (instance) (nodejs_eventloop_lag_p99_seconds{${of}})`, legend: 'p99 {{instance}}' },
        { expr: `max by (instance) (nodejs_eventloop_lag_mean_seconds{${of}})`, legend: 'mean {{instance}}' },
      ],
    },
    {
      title: 'Heap',
      description: 'V8 heap used and allocated per pod, and the resident memory the container limit applies to.',
      unit: 'bytes',
      queries: [
        { expr: `sum by (instance) (nodejs_heap_size_used_bytes{${of}})`, legend: 'heap used {{instance}}' },
        { expr: `sum by (instance) (nodejs_heap_size_total_bytes{${of}})`, legend: 'heap total {{instance}}' },
        { expr: `sum by (instance) (process_resident_memory_bytes{${of}})`, legend: 'resident {{instance}}' },
      ],
    },
    {
      title: 'Database pool',
      description:
        'PostgreSQL pool connections per state: total open, idle, and callers waiting for one (waiting > 0 for long: the pool is too small or queries too slow).',
      unit: 'short',
      queries: [{ expr: `sum by (state) (db_pool_connections{${of}})`, legend: '{{state}}' }],
    },
    {
      title: 'Dependencies reachable',
      description: 'Whether the broker (events) and the cache answered their last check: 1 yes, 0 no.',
      unit: 'bool_yes_no',
      queries: [{ expr: `min by (dependency) (dependency_up{${of}})`, legend: '{{dependency}}' }],
    },
    {
      title: 'CPU',
      description: 'CPU seconds used per second, per pod.',
      unit: 'percentunit',
      queries: [{ expr: `sum by (instance) (${rate('process_cpu_seconds_total', of)})`, legend: '{{instance}}' }],
    },
  ];
}

/** Panels of one service's own, after the ones every service has. */
const ownPanels: Partial<Record<(typeof SERVICES)[number], Panel[]>> = {
  billing: [
    {
      title: 'Subscription reads by source',
      description:
        'GET /api/subscription: hit (from memory), miss (from the database, then kept), bypass (from the database while the change notifications are not heard). Bypass above zero for long: the LISTEN connection to PostgreSQL is down.',
      unit: 'reqps',
      queries: [{ expr: `sum by (read) (${rate('subscription_cache_reads_total', `service="billing", ${ns}`)})`, legend: '{{read}}' }],
    },
  ],
};

const byService = (metric: string) => `sum by (service) (${metric}{${ns}})`;

const eventsPanels: Panel[] = [
  {
    title: 'Outbox backlog',
    description: "Events committed to each service's outbox and not yet published to Kafka.",
    unit: 'short',
    queries: [{ expr: byService('outbox_pending_events'), legend: '{{service}}' }],
  },
  {
    title: 'Outbox age',
    description: 'Age of the oldest unpublished event per service: the outbox alert fires when it stays high (the broker is down or the relay stuck).',
    unit: 's',
    queries: [{ expr: `max by (service) (outbox_lag_seconds{${ns}})`, legend: '{{service}}' }],
  },
  {
    title: 'Outbox published and failed per second',
    description: 'Events the relay published, and publish attempts that failed (retried with backoff).',
    unit: 'ops',
    queries: [
      { expr: `sum by (service) (${rate('outbox_published_total', ns)})`, legend: 'published {{service}}' },
      { expr: `sum by (service) (${rate('outbox_publish_failures_total', ns)})`, legend: 'failed {{service}}' },
    ],
  },
  {
    title: 'Outbox rows parked',
    description: "Rows set aside after repeated publish failures while the broker answered; each waits for an operator (see the kit's outbox notes).",
    unit: 'short',
    queries: [{ expr: byService('outbox_parked_events'), legend: '{{service}}' }],
  },
  {
    title: 'Consumer lag by topic',
    description: 'Time from an event occurring to the service handling it, per consuming service and topic.',
    unit: 's',
    queries: [{ expr: `max by (service, topic) (consumer_lag_seconds{${ns}})`, legend: '{{service}} ← {{topic}}' }],
  },
  {
    title: 'Events handled per second by outcome',
    description: 'applied, duplicate (redelivered, skipped), ignored (a type the service does not consume), retried, dead_lettered.',
    unit: 'ops',
    queries: [{ expr: `sum by (service, outcome) (${rate('consumer_events_total', ns)})`, legend: '{{service}} {{outcome}}' }],
  },
  {
    title: 'Retries per second',
    description: 'Handler attempts that failed and will be retried (transient: the database, the network).',
    unit: 'ops',
    queries: [{ expr: `sum by (service, topic) (${rate('consumer_events_total', `outcome="retried", ${ns}`)})`, legend: '{{service}} ← {{topic}}' }],
  },
  {
    title: 'Dead letters in the time range',
    description: "Messages sent to a service's dead-letter topic: they will never be applied until replayed (npm run dead-letters).",
    unit: 'short',
    stat: true,
    width: 12,
    queries: [{ expr: `sum by (service, topic) (increase(events_dead_lettered_total{${ns}}[$__range]))`, legend: '{{service}} ← {{topic}}' }],
  },
  {
    title: 'Broker reachable',
    description: 'Whether each service reached Kafka at its last check: 1 yes, 0 no (the outbox keeps events meanwhile).',
    unit: 'bool_yes_no',
    queries: [{ expr: `min by (service) (dependency_up{dependency="events", ${ns}})`, legend: '{{service}}' }],
  },
  {
    title: 'Event rows awaiting pruning',
    description: 'Published outbox rows and processed-event records past their retention, not yet deleted.',
    unit: 'short',
    queries: [{ expr: `sum by (service, table) (event_rows_awaiting_prune{${ns}})`, legend: '{{service}} {{table}}' }],
  },
];

/** Over the dashboard's time range by default: what a stat panel shows. */
const increase = (metric: string, selector: string, window = '$__range') => `increase(${metric}{${selector}}[${window}])`;

/** The figures over the time range first, in one row; then how they move. */
const businessPanels: Panel[] = [
  {
    title: 'Signups in the time range',
    description: 'Accounts created: by email once the emailed code is verified, by Google at a first Google sign-in.',
    unit: 'short',
    stat: true,
    queries: [{ expr: `sum by (method) (${increase('signups_total', ns)})`, legend: '{{method}}' }],
  },
  {
    title: 'Abstention share',
    description: 'Share of answers that abstained over the time range: a rise means the knowledge base misses what people ask.',
    unit: 'percentunit',
    stat: true,
    queries: [
      { expr: `sum(${increase('chat_answers_total', `outcome="abstained", ${ns}`)}) / sum(${increase('chat_answers_total', ns)})`, legend: 'abstained' },
    ],
  },
  {
    title: 'Payments in the time range',
    description: 'Premium payments verified (charged once, by the checkout or a webhook) and failed (reported by Razorpay).',
    unit: 'short',
    stat: true,
    queries: [{ expr: `sum by (outcome) (${increase('payments_total', ns)})`, legend: '{{outcome}}' }],
  },
  {
    title: 'Revenue in the time range',
    description: 'Amount of the verified payments, GST included.',
    unit: 'currencyINR',
    stat: true,
    queries: [{ expr: `sum(${increase('revenue_paise_total', ns)}) / 100`, legend: 'revenue' }],
  },
  {
    title: 'Signups per hour',
    description: 'Accounts created per hour, by method.',
    unit: 'short',
    queries: [{ expr: `sum by (method) (${rate('signups_total', ns)}) * 3600`, legend: '{{method}}' }],
  },
  {
    title: 'Questions answered and abstained',
    description: 'Answers per minute: answered from the knowledge base, or abstained (the question is outside it; not charged).',
    unit: 'short',
    queries: [{ expr: `sum by (outcome) (${rate('chat_answers_total', ns)}) * 60`, legend: '{{outcome}}' }],
  },
  {
    title: 'Allowance refusals per hour',
    description: 'Questions refused because the monthly allowance was used up: demand for Premium.',
    unit: 'short',
    queries: [{ expr: `sum(${rate('allowance_refusals_total', ns)}) * 3600`, legend: 'refusals' }],
  },
  {
    title: 'Revenue per day',
    description: 'Verified payments per day, in rupees, GST included.',
    unit: 'currencyINR',
    queries: [{ expr: `sum(${rate('revenue_paise_total', ns)}) * 86400 / 100`, legend: 'revenue' }],
  },
  {
    title: 'Payment verification and webhook signature failures, refused charges',
    description:
      "Checkout payments billing could not confirm, by reason; Razorpay webhooks whose signature did not verify; and charges refused because they were not the plan's price, currency, plan or subscription, by reason (each has an alert).",
    unit: 'short',
    queries: [
      { expr: `sum by (reason) (${increase('payment_verification_failures_total', ns, '$__rate_interval')})`, legend: 'verification: {{reason}}' },
      { expr: `sum(${increase('razorpay_webhook_signature_failures_total', ns, '$__rate_interval')})`, legend: 'webhook signature' },
      { expr: `sum by (reason) (${increase('charges_refused_total', ns, '$__rate_interval')})`, legend: 'refused charge: {{reason}}' },
    ],
  },
];

const cluster = `envoy_cluster_name=~"${[...SERVICES, 'web'].join('|')}", ${ns}`;

const gatewayPanels: Panel[] = [
  {
    title: 'Upstream requests per second by cluster',
    description: 'Requests Envoy sent to each upstream cluster (a service, or web for the React app).',
    unit: 'reqps',
    queries: [{ expr: `sum by (envoy_cluster_name) (${rate('envoy_cluster_upstream_rq_total', cluster)})`, legend: '{{envoy_cluster_name}}' }],
  },
  {
    title: 'Upstream answers per second by status class',
    description: 'Answers per cluster and status class (2, 3, 4, 5); 5 includes 503s Envoy gives when no healthy endpoint answers.',
    unit: 'reqps',
    queries: [
      {
        expr: `sum by (envoy_cluster_name, envoy_response_code_class) (${rate('envoy_cluster_upstream_rq_xx', cluster)})`,
        legend: '{{envoy_cluster_name}} {{envoy_response_code_class}}xx',
      },
    ],
  },
  {
    title: 'Upstream 5xx share by cluster',
    description: "Share of each cluster's answers with a 5xx status; 0 while there are none.",
    unit: 'percentunit',
    queries: [
      {
        expr: `(sum by (envoy_cluster_name) (${rate('envoy_cluster_upstream_rq_xx', `envoy_response_code_class="5", ${cluster}`)}) or sum by (envoy_cluster_name) (${rate('envoy_cluster_upstream_rq_xx', cluster)}) * 0) / sum by (envoy_cluster_name) (${rate('envoy_cluster_upstream_rq_xx', cluster)})`,
        legend: '{{envoy_cluster_name}}',
      },
    ],
  },
  {
    title: 'Upstream latency p95 and p99 by cluster',
    description: 'Time from Envoy sending the request to the whole answer, per cluster (Envoy records milliseconds).',
    unit: 'ms',
    queries: [
      {
        expr: `histogram_quantile(0.95, sum by (envoy_cluster_name, le) (${rate('envoy_cluster_upstream_rq_time_bucket', cluster)}))`,
        legend: 'p95 {{envoy_cluster_name}}',
      },
      {
        expr: `histogram_quantile(0.99, sum by (envoy_cluster_name, le) (${rate('envoy_cluster_upstream_rq_time_bucket', cluster)}))`,
        legend: 'p99 {{envoy_cluster_name}}',
      },
    ],
  },
  {
    title: 'Downstream requests per second by status class',
    description: "What browsers got from the gateway's listener, by status class.",
    unit: 'reqps',
    queries: [
      {
        expr: `sum by (envoy_response_code_class) (${rate('envoy_http_downstream_rq_xx', `envoy_http_conn_manager_prefix="ingress_http", ${ns}`)})`,
        legend: '{{envoy_response_code_class}}xx',
      },
    ],
  },
  {
    title: 'Healthy endpoints by cluster',
    description: "Endpoints passing Envoy's health check (the services' /readyz) per cluster.",
    unit: 'short',
    queries: [{ expr: `sum by (envoy_cluster_name) (envoy_cluster_membership_healthy{${cluster}})`, legend: '{{envoy_cluster_name}}' }],
  },
  {
    title: 'Active upstream connections by cluster',
    description: 'Connections Envoy holds open to each cluster.',
    unit: 'short',
    queries: [{ expr: `sum by (envoy_cluster_name) (envoy_cluster_upstream_cx_active{${cluster}})`, legend: '{{envoy_cluster_name}}' }],
  },
];

const DASHBOARDS: Dashboard[] = [
  ...SERVICES.map((service) => ({
    file: `service-${service}.json`,
    uid: `betterplus-${service}`,
    title: `Better+ / ${service}`,
    description: `The ${service} service: HTTP rate, errors and duration per route, the Node runtime and the database pool.`,
    panels: [...servicePanels(service), ...(ownPanels[service] ?? [])],
  })),
  {
    file: 'events.json',
    uid: 'betterplus-events',
    title: 'Better+ / events',
    description: 'Outboxes, consumers, retries and dead letters of every service.',
    panels: eventsPanels,
  },
  {
    file: 'business.json',
    uid: 'betterplus-business',
    title: 'Better+ / business',
    description: 'Signups, answers, allowance refusals, payments and revenue.',
    panels: businessPanels,
  },
  {
    file: 'gateway.json',
    uid: 'betterplus-gateway',
    title: 'Better+ / gateway',
    description: 'The Envoy gateway: upstream rates, errors and latency per cluster.',
    panels: gatewayPanels,
  },
];

/** Grafana's grid: 24 columns; graphs take half a row, stats a quarter. */
const GRID_WIDTH = 24;
const HEIGHT = 8;

interface GridPos {
  h: number;
  w: number;
  x: number;
  y: number;
}

/** Left to right, then the next row. */
function layout(panels: readonly Panel[]): { panel: Panel; gridPos: GridPos }[] {
  let x = 0;
  let y = 0;
  return panels.map((panel) => {
    const w = panel.width ?? (panel.stat ? 6 : 12);
    if (x + w > GRID_WIDTH) {
      x = 0;
      y += HEIGHT;
    }
    const gridPos = { h: HEIGHT, w, x, y };
    x += w;
    return { panel, gridPos };
  });
}

function panelJson(panel: Panel, index: number, gridPos: GridPos): object {
  return {
    id: index + 1,
    type: panel.stat ? 'stat' : 'timeseries',
    title: panel.title,
    description: panel.description,
    datasource,
    gridPos,
    fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
    options: panel.stat
      ? { reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, colorMode: 'value', graphMode: 'none', textMode: 'value_and_name' }
      : { legend: { displayMode: 'list', placement: 'bottom', showLegend: true }, tooltip: { mode: 'multi', sort: 'desc' } },
    targets: panel.queries.map((query, i) => ({
      refId: String.fromCharCode(65 + i),
      datasource,
      expr: query.expr,
      legendFormat: query.legend,
      // Stat panels show one figure over the whole range: the last point of an instant query.
      ...(panel.stat ? { instant: true, range: false } : { range: true }),
    })),
  };
}

function dashboardJson(dashboard: Dashboard): object {
  return {
    uid: dashboard.uid,
    title: dashboard.title,
    description: dashboard.description,
    tags: ['betterplus'],
    timezone: 'browser',
    editable: true,
    graphTooltip: 1,
    refresh: '30s',
    schemaVersion: 39,
    version: 1,
    time: { from: 'now-6h', to: 'now' },
    annotations: { list: [] },
    links: [{ type: 'dashboards', tags: ['betterplus'], title: 'Better+', asDropdown: true, includeVars: true, keepTime: true }],
    templating: {
      list: [
        { name: 'datasource', label: 'Data source', type: 'datasource', query: 'prometheus', current: {}, hide: 0 },
        {
          name: 'namespace',
          label: 'Namespace',
          type: 'query',
          datasource,
          query: { query: 'label_values(process_start_time_seconds, namespace)', refId: 'namespace' },
          definition: 'label_values(process_start_time_seconds, namespace)',
          includeAll: true,
          allValue: '.*',
          multi: true,
          refresh: 2,
          current: {},
          hide: 0,
        },
      ],
    },
    panels: layout(dashboard.panels).map(({ panel, gridPos }, index) => panelJson(panel, index, gridPos)),
  };
}

const dashboardText = (dashboard: Dashboard): string => `${JSON.stringify(dashboardJson(dashboard), null, 2)}\n`;

function main(check: boolean): number {
  let stale = 0;
  for (const dashboard of DASHBOARDS) {
    const path = join(DASHBOARDS_DIR, dashboard.file);
    const text = dashboardText(dashboard);
    if (!check) {
      writeFileSync(path, text);
      continue;
    }
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      // A missing file is reported as stale below.
    }
    if (committed !== text) {
      console.error(`${path} is not what deploy/observability/dashboards.ts writes: run node deploy/observability/dashboards.ts`);
      stale += 1;
    }
  }
  return stale === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.includes('--check'));
