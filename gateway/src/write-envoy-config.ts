// `npm run envoy:generate -w gateway`: regenerates the committed gateway/envoy.yaml.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderKubernetesEnvoyConfig } from './envoy-config.ts';

const target = join(import.meta.dirname, '..', 'envoy.yaml');
writeFileSync(target, renderKubernetesEnvoyConfig());
console.log(`wrote ${target}`);
