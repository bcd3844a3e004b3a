export { API_PREFIX, GET_RETRIES, ROUTES, SERVICE_NAMES, TIMEOUT_SECONDS, WEB_TIMEOUT_SECONDS, isSegmentPrefix, prefixMatches, serviceFor } from './route-table.ts';
export type { Route, ServiceName } from './route-table.ts';
export { NOT_FOUND, UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, WEB_NOT_BUILT } from './errors.ts';
export { createLocalGateway } from './local-gateway.ts';
export type { LocalGatewayOptions } from './local-gateway.ts';
export { CLUSTER_NAMES, GENERATED_HEADER, KUBERNETES_ENVOY_OPTIONS, renderEnvoyConfig, renderKubernetesEnvoyConfig } from './envoy-config.ts';
export type { ClusterEndpoint, ClusterName, EnvoyConfigOptions } from './envoy-config.ts';
