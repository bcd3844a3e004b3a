// Schemathesis (a property-based API fuzzer, from PyPI) against every service's own OpenAPI
// document, through the gateway: no 5xx, and every status, body and content type as documented.
// CI installs it (deploy/local-infra/tools.sh); elsewhere the test is skipped when it is missing.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { SERVICE_NAMES, serviceFor, type ServiceName } from '@betterplus/gateway';
import { localMailboxDir, readLocalMailbox } from '@betterplus/kit';
import { startServicesBehindGateway, type ServicesBehindGateway } from './support/services-behind-gateway.ts';
import { signUpWithCode } from './support/signup.ts';

const CHECKS = ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance', 'content_type_conformance'];
/** Test cases per operation: keeps all five services under about three minutes on two cores. */
const MAX_EXAMPLES = Number(process.env.SCHEMATHESIS_MAX_EXAMPLES ?? 100);
/** Fixed (SCHEMATHESIS_SEED explores others), so a failure reproduces with the command the test prints. */
const SEED = Number(process.env.SCHEMATHESIS_SEED ?? 6);

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  servers?: { url: string }[];
}

/** The schemathesis command: SCHEMATHESIS_BIN, else `st` on PATH; undefined when neither runs. */
function schemathesisBinary(): string | undefined {
  const candidate = process.env.SCHEMATHESIS_BIN ?? 'st';
  return spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0 ? candidate : undefined;
}

const binary = schemathesisBinary();
const missing = binary === undefined ? 'no schemathesis (SCHEMATHESIS_BIN, else `st` on PATH; pip install schemathesis)' : undefined;

function requireSchemathesis(t: TestContext): boolean {
  if (missing === undefined) return true;
  if (process.env.CI) throw new Error(`CI must run the API fuzzer, but found ${missing}`);
  t.skip(missing);
  return false;
}

/** The service's document, cut to what the gateway serves of it (no /.well-known, /metrics...). */
function servedThroughGateway(document: OpenApiDocument, service: ServiceName, gatewayUrl: string): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => serviceFor(path) === service));
  return { ...document, paths, servers: [{ url: gatewayUrl }] };
}

/** Runs in `cwd`, where Schemathesis also keeps its cache (not in the repository). */
function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, output });
    });
  });
}

it('schemathesis is available for the API fuzzing', (t) => {
  requireSchemathesis(t);
});

describe('every service fuzzed through the gateway by Schemathesis', { skip: missing ?? false }, () => {
  let system: ServicesBehindGateway;
  let dir = '';
  let token = '';

  before(async () => {
    // Rate limits would answer 429 to a fuzzer's burst; they have their own tests.
    system = await startServicesBehindGateway({
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
      CONTACT_MESSAGES_PER_HOUR_PER_EMAIL: '1000000',
      CONTACT_MESSAGES_PER_HOUR_PER_IP: '1000000',
    });
    dir = await mkdtemp(join(tmpdir(), 'betterplus-schemathesis-'));
    const mailbox = localMailboxDir(system.stack.env.DATA_DIR ?? '');
    // Signed-in routes are fuzzed as a signed-in user, so they get past the bearer check.
    token = await signUpWithCode(system.gatewayUrl, { name: 'Fuzz', email: 'fuzz@example.com', password: 'fuzzing-password-1' }, () =>
      readLocalMailbox(mailbox),
    );
  });

  after(async () => {
    await system.stop();
    await rm(dir, { recursive: true, force: true });
  });

  for (const service of SERVICE_NAMES) {
    it(`${service}: no 5xx, every answer as documented`, { timeout: 180_000 }, async () => {
      const document = (await (await fetch(`${system.upstreams[service]}/openapi.json`)).json()) as OpenApiDocument;
      const served = servedThroughGateway(document, service, system.gatewayUrl);
      if (Object.keys(served.paths ?? {}).length === 0) {
        // Nothing to fuzz yet (its routes are still to come): then it documents no /api path at all.
        assert.deepEqual(
          Object.keys(document.paths ?? {}).filter((path) => path.startsWith('/api')),
          [],
        );
        return;
      }
      const file = join(dir, `${service}.json`);
      await writeFile(file, JSON.stringify(served));
      const args = [
        'run',
        file,
        '--url',
        system.gatewayUrl,
        '--checks',
        CHECKS.join(','),
        '--phases',
        'examples,coverage,fuzzing',
        '--max-examples',
        String(MAX_EXAMPLES),
        '--seed',
        String(SEED),
        // One worker: Python 3.11's ast module is not thread-safe (CPython gh-106905), and
        // Hypothesis parses sources from each worker thread; CI saw it fail a run that way.
        '--workers',
        '1',
        '--generation-database',
        'none',
        '--no-color',
        '--header',
        `Authorization: Bearer ${token}`,
      ];
      const { code, output } = await run(binary ?? 'st', args, dir);
      assert.equal(code, 0, `schemathesis found problems in ${service} (st ${args.join(' ')}):\n${output}`);
    });
  }
});
