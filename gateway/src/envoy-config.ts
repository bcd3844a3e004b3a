// Renders the Envoy v3 bootstrap from the route table, so Kubernetes routes exactly like the local
// gateway. gateway/envoy.yaml is this module's output for the cluster; never edit that file by hand.
import { stringify } from 'yaml';
import { NOT_FOUND, UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE } from './errors.ts';
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
  clusters: Record<ClusterName, ClusterEndpoint>;
}

export const KUBERNETES_ENVOY_OPTIONS: EnvoyConfigOptions = {
  listenPort: 8080,
  clusters: Object.fromEntries(CLUSTER_NAMES.map((name) => [name, { host: name, port: 8080 }])) as Record<ClusterName, ClusterEndpoint>,
};

export const GENERATED_HEADER = `# GENERATED from gateway/src/route-table.ts by \`npm run envoy:generate -w gateway\`. Never edit by hand:
# change the route table (or src/envoy-config.ts) and regenerate; gateway/test/envoy-config.test.ts fails on a stale file.
`;

const JSON_CONTENT_TYPE = [{ header: { key: 'content-type', value: 'application/json' }, append_action: 'OVERWRITE_IF_EXISTS_OR_ADD' }];

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

// Retrying is only safe when the request cannot have had an effect twice: GETs.
const GET_RETRY_POLICY = { retry_on: 'connect-failure,refused-stream,unavailable,gateway-error', num_retries: GET_RETRIES };
const GET_ONLY = [{ name: ':method', string_match: { exact: 'GET' } }];

type PathMatch = { path_separated_prefix: string } | { prefix: string } | { path: string };

function pathMatch(prefix: string): PathMatch {
  return isSegmentPrefix(prefix) ? { path_separated_prefix: prefix } : { prefix };
}

/** A GET route with retries, then the route for every other method. */
function forwardRoutes(name: string, match: PathMatch, cluster: ClusterName, timeoutSeconds: number): object[] {
  const route = { cluster, timeout: `${timeoutSeconds}s` };
  return [
    { name: `${name}-get`, match: { ...match, headers: GET_ONLY }, route: { ...route, retry_policy: GET_RETRY_POLICY } },
    { name, match, route },
  ];
}

function jsonResponse(name: string, match: PathMatch, status: number, body: object): object {
  return { name, match, direct_response: { status, body: { inline_string: JSON.stringify(body) } }, response_headers_to_add: JSON_CONTENT_TYPE };
}

function routes(): object[] {
  return [
    // The same liveness answer as the local gateway, for probes (the admin port is loopback only).
    jsonResponse('gateway-healthz', { path: '/healthz' }, 200, { status: 'ok' }),
    ...ROUTES.flatMap((route) =>
      forwardRoutes(`${route.service}${route.prefix.replace(/\/$/, '').replaceAll('/', '-')}`, pathMatch(route.prefix), route.service, TIMEOUT_SECONDS[route.service]),
    ),
    jsonResponse('api-not-found', { path_separated_prefix: API_PREFIX }, 404, NOT_FOUND),
    // The web server does the SPA fallback to index.html itself.
    ...forwardRoutes('web', { prefix: '/' }, 'web', WEB_TIMEOUT_SECONDS),
  ];
}

// Envoy's own failure replies become the same JSON errors the local gateway sends.
const LOCAL_REPLY_CONFIG = {
  mappers: [
    { filter: { response_flag_filter: { flags: ['UT'] } }, status_code: 504, body_format_override: { json_format: UPSTREAM_TIMEOUT } },
    { filter: { response_flag_filter: { flags: ['UH', 'UF', 'UO', 'URX', 'UC'] } }, status_code: 502, body_format_override: { json_format: UPSTREAM_UNAVAILABLE } },
  ],
};

function httpConnectionManager(): object {
  return {
    '@type': 'type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager',
    stat_prefix: 'ingress_http',
    codec_type: 'AUTO',
    use_remote_address: true,
    normalize_path: true,
    merge_slashes: true,
    path_with_escaped_slashes_action: 'UNESCAPE_AND_REDIRECT',
    generate_request_id: true,
    preserve_external_request_id: true,
    always_set_request_id_in_response: true,
    access_log: [
      {
        name: 'envoy.access_loggers.stdout',
        typed_config: { '@type': 'type.googleapis.com/envoy.extensions.access_loggers.stream.v3.StdoutAccessLog', log_format: { json_format: ACCESS_LOG_FORMAT } },
      },
    ],
    local_reply_config: LOCAL_REPLY_CONFIG,
    route_config: { name: 'betterplus', virtual_hosts: [{ name: 'betterplus', domains: ['*'], routes: routes() }] },
    http_filters: [{ name: 'envoy.filters.http.router', typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.http.router.v3.Router' } }],
  };
}

function cluster(name: ClusterName, endpoint: ClusterEndpoint): object {
  return {
    name,
    type: 'STRICT_DNS',
    connect_timeout: '2s',
    dns_lookup_family: 'V4_PREFERRED',
    lb_policy: 'ROUND_ROBIN',
    load_assignment: {
      cluster_name: name,
      endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address: endpoint.host, port_value: endpoint.port } } } }] }],
    },
    health_checks: [{ timeout: '2s', interval: '5s', unhealthy_threshold: 2, healthy_threshold: 1, http_health_check: { path: '/healthz' } }],
  };
}

function socketAddress(address: string, port: number): object {
  return { socket_address: { address, port_value: port } };
}

export function renderEnvoyConfig(opts: EnvoyConfigOptions): string {
  const bootstrap = {
    admin: { address: socketAddress('127.0.0.1', opts.adminPort ?? 9901) },
    static_resources: {
      listeners: [
        {
          name: 'ingress',
          address: socketAddress('0.0.0.0', opts.listenPort),
          filter_chains: [{ filters: [{ name: 'envoy.filters.network.http_connection_manager', typed_config: httpConnectionManager() }] }],
        },
      ],
      clusters: CLUSTER_NAMES.map((name) => cluster(name, opts.clusters[name])),
    },
  };
  // No YAML anchors: the committed file should read plainly from top to bottom.
  return stringify(bootstrap, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** The committed gateway/envoy.yaml: every cluster is its Kubernetes Service `<name>:8080`. */
export function renderKubernetesEnvoyConfig(): string {
  return GENERATED_HEADER + renderEnvoyConfig(KUBERNETES_ENVOY_OPTIONS);
}
