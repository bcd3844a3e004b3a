export {
  API_PREFIX,
  GET_RETRIES,
  ROUTES,
  SERVICE_NAMES,
  TIMEOUT_SECONDS,
  WEB_TIMEOUT_SECONDS,
  isSegmentPrefix,
  prefixMatches,
  serviceFor,
} from './route-table.ts';
export type { Route, ServiceName } from './route-table.ts';
export { BAD_REQUEST, DUPLICATE_AUTHORIZATION, NOT_FOUND, PAYLOAD_TOO_LARGE, UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, WEB_NOT_BUILT } from './errors.ts';
export { CONTENT_SECURITY_POLICY, DEFAULT_BODY_LIMIT, SECURITY_HEADERS, gatewaySettings } from './http-policy.ts';
export type { GatewaySettings } from './http-policy.ts';
export { createLocalGateway } from './local-gateway.ts';
export type { LocalGatewayOptions } from './local-gateway.ts';
export type { RequestListener } from './in-process.ts';
export { CLUSTER_NAMES, GENERATED_HEADER, KUBERNETES_ENVOY_OPTIONS, renderEnvoyConfig, renderKubernetesEnvoyConfig } from './envoy-config.ts';
export type { ClusterEndpoint, ClusterName, EnvoyConfigOptions } from './envoy-config.ts';
