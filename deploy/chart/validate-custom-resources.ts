// Validates the Prometheus Operator objects of rendered manifests against their CRD schemas, as
// shipped by @kubernetes-models/prometheus-operator (no cluster, no download). Kubernetes' own kinds
// are kubernetes-validate's job; Strimzi's KafkaTopic has no offline schema and is named as skipped.
//   node deploy/chart/validate-custom-resources.ts <node_modules with the models> <manifests.yaml>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';

interface Manifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
}

interface Validatable {
  validate: () => void;
}

type ModelClass = new (data: object) => Validatable;

const PROMETHEUS_OPERATOR = 'monitoring.coreos.com/v1';
const VALIDATED_KINDS = new Set(['ServiceMonitor', 'PodMonitor', 'PrometheusRule']);
const SKIPPED_GROUPS = new Map([['kafka.strimzi.io', 'no offline schema of Strimzi CRDs in a registry package']]);

async function modelFor(nodeModules: string, kind: string): Promise<ModelClass> {
  const file = join(nodeModules, '@kubernetes-models', 'prometheus-operator', 'monitoring.coreos.com', 'v1', `${kind}.js`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, ModelClass>;
  const model = module[kind];
  if (model === undefined) throw new Error(`${file} exports no ${kind}`);
  return model;
}

export async function validateCustomResources(nodeModules: string, manifests: readonly Manifest[], out: (line: string) => void): Promise<number> {
  let failures = 0;
  for (const manifest of manifests) {
    const { apiVersion = '', kind = '' } = manifest;
    const name = `${kind}/${manifest.metadata?.name ?? '?'}`;
    const group = apiVersion.includes('/') ? (apiVersion.split('/')[0] ?? '') : '';
    const skipped = SKIPPED_GROUPS.get(group);
    if (skipped !== undefined) {
      out(`skipped ${name} (${apiVersion}): ${skipped}`);
    } else if (apiVersion === PROMETHEUS_OPERATOR && VALIDATED_KINDS.has(kind)) {
      const Model = await modelFor(nodeModules, kind);
      try {
        new Model(manifest).validate();
        out(`valid ${name} (${apiVersion})`);
      } catch (error) {
        failures += 1;
        out(`INVALID ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (group.includes('.') && !group.endsWith('.k8s.io')) {
      failures += 1;
      out(`UNKNOWN ${name} (${apiVersion}): no schema to validate it against`);
    }
  }
  return failures;
}

if (import.meta.main) {
  const [nodeModules, file] = process.argv.slice(2);
  if (nodeModules === undefined || file === undefined) {
    console.error('usage: validate-custom-resources.ts <node_modules> <manifests.yaml>');
    process.exit(2);
  }
  const manifests = parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null);
  const failures = await validateCustomResources(nodeModules, manifests, (line) => {
    console.log(line);
  });
  process.exitCode = failures === 0 ? 0 : 1;
}
