// Keeps skaffold.yaml true to the repository and the chart without running skaffold (a large Go
// build): every artifact's Dockerfile exists, every SERVICE build argument is a real service, every
// chart component has an image, and `helm template` with skaffold's values, setValues and
// setValueTemplates (sample repositories and tags in place of the built ones) renders each
// Deployment with the image skaffold would have built for it.
//   node deploy/chart/check-skaffold.ts <helm binary>
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');

interface Artifact {
  image: string;
  docker?: { dockerfile?: string; buildArgs?: Record<string, string> };
}

interface HelmRelease {
  name: string;
  chartPath: string;
  valuesFiles?: string[];
  setValues?: Record<string, string | number | boolean>;
  setValueTemplates?: Record<string, string>;
}

interface SkaffoldConfig {
  build?: { artifacts?: Artifact[] };
  deploy?: { helm?: { releases?: HelmRelease[] } };
}

interface Manifest {
  kind?: string;
  metadata?: { name?: string };
  spec?: { template?: { spec?: { containers?: { image?: string }[] } } };
}

/** Skaffold's template variable of an image: - and . become _. */
const variableName = (image: string): string => image.replace(/[-.]/g, '_');
const sampleRepository = (image: string): string => `registry.example.com/skaffold/${image}`;
const sampleTag = (image: string): string => `${image}-sample-tag`;

/** Fills {{.IMAGE_REPO_x}} and {{.IMAGE_TAG_x}} as skaffold would after building image x. */
export function fillTemplate(template: string, images: readonly string[]): string {
  return template.replace(/\{\{\s*\.(IMAGE_REPO|IMAGE_TAG)_([A-Za-z0-9_]+)\s*\}\}/g, (whole, what: string, variable: string) => {
    const image = images.find((name) => variableName(name) === variable);
    if (image === undefined) throw new Error(`${whole} names no artifact`);
    return what === 'IMAGE_REPO' ? sampleRepository(image) : sampleTag(image);
  });
}

/** Problems of the skaffold config at `skaffoldFile`, whose paths are relative to the repository root. */
export function checkSkaffold(helm: string, skaffoldFile: string, out: (line: string) => void): string[] {
  const problems: string[] = [];
  const config = parse(readFileSync(skaffoldFile, 'utf8')) as SkaffoldConfig;
  const artifacts = config.build?.artifacts ?? [];
  const images = artifacts.map((artifact) => artifact.image);
  const services = readdirSync(join(ROOT, 'services')).filter((name) => name !== 'kit' && existsSync(join(ROOT, 'services', name, 'package.json')));

  for (const artifact of artifacts) {
    const dockerfile = artifact.docker?.dockerfile ?? 'Dockerfile';
    if (!existsSync(join(ROOT, dockerfile))) problems.push(`${artifact.image}: Dockerfile ${dockerfile} does not exist`);
    const service = artifact.docker?.buildArgs?.SERVICE;
    if (service !== undefined && !services.includes(service)) problems.push(`${artifact.image}: SERVICE=${service} is not a service (${services.join(', ')})`);
    if (service !== undefined && service !== artifact.image)
      problems.push(`${artifact.image}: built with SERVICE=${service}, but an image is named after its service`);
  }
  for (const component of [...services, 'web', 'gateway']) {
    if (!images.includes(component)) problems.push(`no artifact builds the ${component} image`);
  }
  out(`${artifacts.length} artifacts; Dockerfiles and SERVICE build arguments checked`);

  const releases = config.deploy?.helm?.releases ?? [];
  if (releases.length === 0) problems.push('skaffold.yaml deploys no Helm release');
  for (const release of releases) {
    const chart = join(ROOT, release.chartPath);
    if (!existsSync(join(chart, 'Chart.yaml'))) {
      problems.push(`${release.name}: chartPath ${release.chartPath} is not a chart`);
      continue;
    }
    const args = ['template', release.name, chart];
    for (const file of release.valuesFiles ?? []) {
      if (!existsSync(join(ROOT, file))) problems.push(`${release.name}: values file ${file} does not exist`);
      args.push('-f', join(ROOT, file));
    }
    for (const [key, value] of Object.entries(release.setValues ?? {})) args.push('--set', `${key}=${String(value)}`);
    try {
      for (const [key, template] of Object.entries(release.setValueTemplates ?? {})) args.push('--set', `${key}=${fillTemplate(template, images)}`);
    } catch (error) {
      problems.push(`${release.name}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    let rendered: string;
    try {
      rendered = execFileSync(helm, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      problems.push(`${release.name}: helm template failed: ${(error as { stderr?: string }).stderr ?? String(error)}`);
      continue;
    }
    const deployments = parseAllDocuments(rendered)
      .map((doc) => doc.toJS() as Manifest | null)
      .filter((doc): doc is Manifest => doc?.kind === 'Deployment');
    for (const image of images) {
      const deployment = deployments.find((doc) => doc.metadata?.name === image);
      const actual = deployment?.spec?.template?.spec?.containers?.[0]?.image;
      const expected = `${sampleRepository(image)}:${sampleTag(image)}`;
      if (actual !== expected) problems.push(`${release.name}: Deployment ${image} runs ${actual ?? 'nothing'}, not skaffold's ${expected}`);
    }
    out(`${release.name}: helm template with skaffold's values renders ${deployments.length} Deployments, each with the image skaffold builds for it`);
  }
  return problems;
}

if (import.meta.main) {
  const helm = process.argv[2] ?? 'helm';
  const problems = checkSkaffold(helm, join(ROOT, 'skaffold.yaml'), (line) => {
    console.log(line);
  });
  for (const problem of problems) console.error(`skaffold.yaml: ${problem}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
