// Test helpers, imported as @betterplus/gateway/testing (kept out of the runtime entry point).
export { envoyBinary, envoyMissing, renderEnvoyConfigForUrls, requireEnvoy, startEnvoy } from './envoy-process.ts';
export type { EnvoyProcess, StartEnvoyOptions } from './envoy-process.ts';
export { closedPortUrl, startEchoUpstream, startEchoUpstreams } from './echo-upstream.ts';
export type { EchoReply, EchoUpstream } from './echo-upstream.ts';
export { SPEC_CALLS } from './spec-calls.ts';
