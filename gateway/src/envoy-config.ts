// Renders the Envoy v3 bootstrap from the route table, so Kubernetes routes exactly like the local
// gateway. gateway/envoy.yaml is this module's output for the cluster; never edit that file by hand.
import { stringify } from 'yaml';
import {
  BAD_REQUEST,
  DUPLICATE_AUTHORIZATION,
  GATEWAY_ERROR,
  HEADERS_TOO_LARGE,
  NOT_FOUND,
  PAYLOAD_TOO_LARGE,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
} from './errors.ts';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './http-policy.ts';
import { API_PREFIX, GET_RETRIES, ROUTES, SERVICE_NAMES, TIMEOUT_SECONDS, WEB_TIMEOUT_SECONDS, isSegmentPrefix } from './route-table.ts';
import type { ServiceName } from './route-table.ts';

export type ClusterName = ServiceName | 'web';
export const CLUSTER_NAMES: readonly ClusterName[] = [...SERVICE_NAMES, 'web'];

export interface ClusterEndpoint {
  host: string;
  port: number;
}

export interface EnvoyConfigOptions {
  listenPort: number;
  /** Admin interface port, always bound to 127.0.0.1; 0 picks a free one. Defaults to 9901. */
  adminPort?: number;
  /**
   * A listener on every address that answers only GET /stats/prometheus, from the admin interface,
   * so Prometheus can scrape a pod while the admin endpoints that change state stay on loopback.
   */
  metricsPort?: number;
  /** One address per cluster (a Kubernetes Service), or several replicas (tests). */
  clusters: Record<ClusterName, ClusterEndpoint | readonly ClusterEndpoint[]>;
  /** Active health checks of every upstream; by default GET /healthz every 5 s. */
  healthCheck?: { path: string; intervalMs: number };
  /**
   * TRUST_PROXY_HOPS: proxies in front of Envoy that append to X-Forwarded-For. The committed file
   * says 0; the Helm chart sets gateway.trustProxyHops into it.
   */
  trustProxyHops?: number;
  /** Upstream time budgets in seconds, when not the route table's (tests). */
  timeoutSeconds?: Partial<Record<ServiceName, number>>;
}

export const KUBERNETES_ENVOY_OPTIONS: EnvoyConfigOptions = {
  listenPort: 8080,
  // The Helm chart's PodMonitor scrapes it; the gateway Service does not expose it.
  metricsPort: 9902,
  clusters: Object.fromEntries(CLUSTER_NAMES.map((name) => [name, { host: name, port: 8080 }])) as Record<ClusterName, ClusterEndpoint>,
};

export const GENERATED_HEADER = `# GENERATED from gateway/src/route-table.ts by \`npm run envoy:generate -w gateway\`. Never edit by hand:
# change the route table (or src/envoy-config.ts) and regenerate; gateway/test/envoy-config.test.ts fails on a stale file.
`;

const overwrite = (key: string, value: string) => ({ header: { key, value }, append_action: 'OVERWRITE_IF_EXISTS_OR_ADD' });
const JSON_CONTENT_TYPE = [overwrite('content-type', 'application/json')];
const SECURITY_RESPONSE_HEADERS = Object.entries(SECURITY_HEADERS).map(([key, value]) => overwrite(key, value));

const ACCESS_LOG_FORMAT = {
  time: '%START_TIME%',
  request_id: '%REQ(X-REQUEST-ID)%',
  method: '%REQ(:METHOD)%',
  // Without the query string: it can carry tokens (e.g. /reset-password?token=...).
  path: '%PATH(NQ)%',
  status: '%RESPONSE_CODE%',
  duration_ms: '%DURATION%',
  upstream_cluster: '%UPSTREAM_CLUSTER%',
  upstream_host: '%UPSTREAM_HOST%',
  route: '%ROUTE_NAME%',
  response_flags: '%RESPONSE_FLAGS%',
  bytes_received: '%BYTES_RECEIVED%',
  bytes_sent: '%BYTES_SENT%',
};

// Retrying is only safe when the request cannot have had an effect twice: GETs. A retry goes to
// another replica when there is one (a replica that is shutting down resets or refuses).
const ANOTHER_HOST = {
  retry_host_predicate: [
    {
      name: 'envoy.retry_host_predicates.previous_hosts',
      typed_config: { '@type': 'type.googleapis.com/envoy.extensions.retry.host.previous_hosts.v3.PreviousHostsPredicate' },
    },
  ],
  host_selection_retry_max_attempts: 3,
};
const GET_RETRY_POLICY = { retry_on: 'connect-failure,refused-stream,reset,unavailable,gateway-error', num_retries: GET_RETRIES, ...ANOTHER_HOST };
// Any method may be retried when the connection was never made: nothing reached the service.
const CONNECT_RETRY_POLICY = { retry_on: 'connect-failure', num_retries: GET_RETRIES, ...ANOTHER_HOST };
const GET_ONLY = [{ name: ':method', string_match: { exact: 'GET' } }];

type PathMatch = ({ path_separated_prefix: string } | { prefix: string } | { path: string }) & { headers?: object[] };

function pathMatch(prefix: string): PathMatch {
  return isSegmentPrefix(prefix) ? { path_separated_prefix: prefix } : { prefix };
}

/** A GET route with retries, then the route for every other method, retried only when it could not connect. */
function forwardRoutes(name: string, match: PathMatch, cluster: ClusterName, timeoutSeconds: number): object[] {
  const route = { cluster, timeout: `${timeoutSeconds}s` };
  return [
    { name: `${name}-get`, match: { ...match, headers: GET_ONLY }, route: { ...route, retry_policy: GET_RETRY_POLICY } },
    { name, match, route: { ...route, retry_policy: CONNECT_RETRY_POLICY } },
  ];
}

function jsonResponse(name: string, match: PathMatch, status: number, body: object): object {
  return { name, match, direct_response: { status, body: { inline_string: JSON.stringify(body) } }, response_headers_to_add: JSON_CONTENT_TYPE };
}

// Envoy joins repeated headers with commas before matching; no bearer token holds a comma.
const AMBIGUOUS_AUTHORIZATION = [{ name: 'authorization', string_match: { safe_regex: { regex: '.*,.*' } } }];
const NOT_AMBIGUOUS_AUTHORIZATION = { ...AMBIGUOUS_AUTHORIZATION[0], invert_match: true, treat_missing_header_as_empty: true };

function routes(opts: EnvoyConfigOptions): object[] {
  return [
    jsonResponse('duplicate-authorization', { prefix: '/', headers: AMBIGUOUS_AUTHORIZATION }, 400, DUPLICATE_AUTHORIZATION),
    // The same liveness answer as the local gateway, for probes (the admin port is loopback only).
    jsonResponse('gateway-healthz', { path: '/healthz' }, 200, { status: 'ok' }),
    ...ROUTES.flatMap((route) =>
      forwardRoutes(
        `${route.service}${route.prefix.replace(/\/$/, '').replaceAll('/', '-')}`,
        pathMatch(route.prefix),
        route.service,
        opts.timeoutSeconds?.[route.service] ?? TIMEOUT_SECONDS[route.service],
      ),
    ),
    jsonResponse('api-not-found', { path_separated_prefix: API_PREFIX }, 404, NOT_FOUND),
    // The web server does the SPA fallback to index.html itself.
    ...forwardRoutes('web', { prefix: '/' }, 'web', WEB_TIMEOUT_SECONDS),
  ];
}

const statusIs = (status: number) => ({
  status_code_filter: { comparison: { op: 'EQ', value: { default_value: status, runtime_key: `betterplus.local_reply.${status}` } } },
});

/**
 * Envoy's own failure replies become the same JSON errors the local gateway sends. The route
 * table's direct responses are JSON already and carry no response flag, so they pass unchanged.
 * Every mapper adds the security headers: a reply made before routing (a request that is not
 * HTTP) gets no route configuration's headers.
 */
function localReplyConfig(): object {
  const json = (body: object) => ({ body_format_override: { json_format: body, content_type: 'application/json' } });
  const headers_to_add = SECURITY_RESPONSE_HEADERS;
  const anyFlag = [
    'UH',
    'UF',
    'UO',
    'URX',
    'UC',
    'UT',
    'NR',
    'DPE',
    'UPE',
    'DC',
    'UMSDR',
    'RL',
    'UAEX',
    'NC',
    'DI',
    'FI',
    'LR',
    'SI',
    'IH',
    'UR',
    'OM',
    'DF',
    'DO',
    'DT',
  ];
  return {
    mappers: [
      { filter: { response_flag_filter: { flags: ['UT'] } }, status_code: 504, ...json(UPSTREAM_TIMEOUT), headers_to_add },
      { filter: { response_flag_filter: { flags: ['UH', 'UF', 'UO', 'URX', 'UC'] } }, status_code: 502, ...json(UPSTREAM_UNAVAILABLE), headers_to_add },
      { filter: { response_flag_filter: { flags: ['NR'] } }, status_code: 404, ...json(NOT_FOUND), headers_to_add },
      { filter: statusIs(413), ...json(PAYLOAD_TOO_LARGE), headers_to_add },
      { filter: statusIs(431), ...json(HEADERS_TOO_LARGE), headers_to_add },
      // Codec errors (a request that is not HTTP) carry no flag yet when this runs, so any 400 but
      // the duplicate-Authorization route's own answer.
      {
        filter: { and_filter: { filters: [statusIs(400), { header_filter: { header: NOT_AMBIGUOUS_AUTHORIZATION } }] } },
        ...json(BAD_REQUEST),
        headers_to_add,
      },
      {
        filter: {
          and_filter: {
            filters: [
              { status_code_filter: { comparison: { op: 'GE', value: { default_value: 400, runtime_key: 'betterplus.local_reply.error' } } } },
              { response_flag_filter: { flags: anyFlag } },
            ],
          },
        },
        ...json(GATEWAY_ERROR),
        headers_to_add,
      },
      // Any other local reply keeps its body and gets the headers too.
      {
        filter: { status_code_filter: { comparison: { op: 'GE', value: { default_value: 100, runtime_key: 'betterplus.local_reply.any' } } } },
        headers_to_add,
      },
    ],
  };
}

/**
 * One compressor per algorithm; Envoy picks by the client's Accept-Encoding, brotli first. The
 * last one removes Accept-Encoding before the upstream, so Envoy compresses every answer itself
 * (the web image's nginx would otherwise answer gzip to a browser that takes brotli).
 */
function compressor(name: 'brotli' | 'gzip'): object {
  const library = {
    brotli: { '@type': 'type.googleapis.com/envoy.extensions.compression.brotli.compressor.v3.Brotli', quality: 5 },
    // Envoy's default 4 KiB window compresses a bundle about 15% worse than gzip's usual 32 KiB.
    gzip: { '@type': 'type.googleapis.com/envoy.extensions.compression.gzip.compressor.v3.Gzip', window_bits: 15 },
  }[name];
  return {
    name: `envoy.filters.http.compressor.${name}`,
    typed_config: {
      '@type': 'type.googleapis.com/envoy.extensions.filters.http.compressor.v3.Compressor',
      response_direction_config: { common_config: { min_content_length: 256 }, remove_accept_encoding_header: name === 'gzip' },
      compressor_library: { name, typed_config: library },
    },
  };
}

// HSTS only when the browser came over TLS: the trusted X-Forwarded-Proto (an ingress that
// terminates TLS sets it) is read on the request and the header added on its response.
const HSTS_LUA = `function envoy_on_request(handle)
  handle:streamInfo():dynamicMetadata():set("betterplus", "https", handle:headers():get("x-forwarded-proto") == "https")
end
function envoy_on_response(handle)
  local meta = handle:streamInfo():dynamicMetadata():get("betterplus")
  if meta and meta["https"] then handle:headers():replace("strict-transport-security", "${STRICT_TRANSPORT_SECURITY}") end
end
`;

function httpConnectionManager(opts: EnvoyConfigOptions): object {
  return {
    '@type': 'type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager',
    stat_prefix: 'ingress_http',
    codec_type: 'AUTO',
    // The client is the address xff_num_trusted_hops entries from the right of X-Forwarded-For
    // (the peer when 0); services get it alone, as the local gateway sends it.
    use_remote_address: true,
    xff_num_trusted_hops: opts.trustProxyHops ?? 0,
    normalize_path: true,
    merge_slashes: true,
    path_with_escaped_slashes_action: 'UNESCAPE_AND_REDIRECT',
    generate_request_id: true,
    preserve_external_request_id: true,
    always_set_request_id_in_response: true,
    access_log: [
      {
        name: 'envoy.access_loggers.stdout',
        typed_config: {
          '@type': 'type.googleapis.com/envoy.extensions.access_loggers.stream.v3.StdoutAccessLog',
          log_format: { json_format: ACCESS_LOG_FORMAT },
        },
      },
    ],
    local_reply_config: localReplyConfig(),
    route_config: {
      name: 'betterplus',
      virtual_hosts: [
        {
          name: 'betterplus',
          domains: ['*'],
          routes: routes(opts),
          request_headers_to_add: [overwrite('x-forwarded-for', '%DOWNSTREAM_REMOTE_ADDRESS_WITHOUT_PORT%')],
        },
      ],
      // On every answer, Envoy's own replies included.
      response_headers_to_add: SECURITY_RESPONSE_HEADERS,
    },
    http_filters: [
      {
        name: 'envoy.filters.http.lua',
        typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.http.lua.v3.Lua', default_source_code: { inline_string: HSTS_LUA } },
      },
      compressor('brotli'),
      compressor('gzip'),
      { name: 'envoy.filters.http.router', typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.http.router.v3.Router' } },
    ],
  };
}

function cluster(name: ClusterName, endpoints: ClusterEndpoint | readonly ClusterEndpoint[], healthCheck: { path: string; intervalMs: number }): object {
  const lbEndpoints = [endpoints].flat().map((endpoint) => ({ endpoint: { address: socketAddress(endpoint.host, endpoint.port) } }));
  // Replicas listed one by one: one that fails its health check (a stopping one) gets no request,
  // however few are left. One Kubernetes Service address keeps Envoy's panic routing.
  const replicas = lbEndpoints.length > 1 ? { common_lb_config: { healthy_panic_threshold: { value: 0 } } } : {};
  const interval = `${healthCheck.intervalMs / 1000}s`;
  return {
    name,
    type: 'STRICT_DNS',
    connect_timeout: '2s',
    dns_lookup_family: 'V4_PREFERRED',
    lb_policy: 'ROUND_ROBIN',
    load_assignment: {
      cluster_name: name,
      endpoints: [{ lb_endpoints: lbEndpoints }],
    },
    // no_traffic_interval too: its 60 s default would hold the next check back that long after start.
    health_checks: [
      { timeout: '2s', interval, no_traffic_interval: interval, unhealthy_threshold: 2, healthy_threshold: 1, http_health_check: { path: healthCheck.path } },
    ],
    // Concurrent retries are capped at 3 by default: too few when a replica goes away under load.
    circuit_breakers: { thresholds: [{ retry_budget: { budget_percent: { value: 25 }, min_retry_concurrency: 16 } }] },
    ...replicas,
  };
}

function socketAddress(address: string, port: number): object {
  return { socket_address: { address, port_value: port } };
}

const ADMIN_CLUSTER = 'envoy-admin';
const METRICS_PATH = '/stats/prometheus';

function metricsListener(port: number): object {
  const routes = [
    { name: 'prometheus', match: { path: METRICS_PATH, headers: GET_ONLY }, route: { cluster: ADMIN_CLUSTER, timeout: '5s' } },
    { name: 'metrics-only', match: { prefix: '/' }, direct_response: { status: 404 } },
  ];
  const manager = {
    '@type': 'type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager',
    stat_prefix: 'metrics',
    route_config: { name: 'metrics', virtual_hosts: [{ name: 'metrics', domains: ['*'], routes }] },
    http_filters: [{ name: 'envoy.filters.http.router', typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.http.router.v3.Router' } }],
  };
  return {
    name: 'metrics',
    address: socketAddress('0.0.0.0', port),
    filter_chains: [{ filters: [{ name: 'envoy.filters.network.http_connection_manager', typed_config: manager }] }],
  };
}

function adminCluster(adminPort: number): object {
  return {
    name: ADMIN_CLUSTER,
    type: 'STATIC',
    connect_timeout: '1s',
    load_assignment: { cluster_name: ADMIN_CLUSTER, endpoints: [{ lb_endpoints: [{ endpoint: { address: socketAddress('127.0.0.1', adminPort) } }] }] },
  };
}

export function renderEnvoyConfig(opts: EnvoyConfigOptions): string {
  const adminPort = opts.adminPort ?? 9901;
  const services = CLUSTER_NAMES.map((name) => cluster(name, opts.clusters[name], opts.healthCheck ?? { path: '/healthz', intervalMs: 5000 }));
  const ingress = {
    name: 'ingress',
    address: socketAddress('0.0.0.0', opts.listenPort),
    filter_chains: [{ filters: [{ name: 'envoy.filters.network.http_connection_manager', typed_config: httpConnectionManager(opts) }] }],
  };
  const bootstrap = {
    admin: { address: socketAddress('127.0.0.1', adminPort) },
    static_resources:
      opts.metricsPort === undefined
        ? { listeners: [ingress], clusters: services }
        : { listeners: [ingress, metricsListener(opts.metricsPort)], clusters: [...services, adminCluster(adminPort)] },
  };
  // No YAML anchors: the committed file should read plainly from top to bottom.
  return stringify(bootstrap, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** The committed gateway/envoy.yaml: every cluster is its Kubernetes Service `<name>:8080`. */
export function renderKubernetesEnvoyConfig(): string {
  return GENERATED_HEADER + renderEnvoyConfig(KUBERNETES_ENVOY_OPTIONS);
}
