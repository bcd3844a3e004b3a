// Holds every service to the inner shape of STYLE.md convention 2, so a new service starts from
// the same layout as the others (and the kit's start path finds what it expects).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const servicesDir = fileURLToPath(new URL('../../../', import.meta.url));
const services = readdirSync(servicesDir).filter((name) => name !== 'kit' && statSync(join(servicesDir, name)).isDirectory());

const required = ['src/server.ts', 'src/app.ts', 'src/config.ts', 'src/routes', 'src/domain', 'src/db', 'src/events/handlers/index.ts', 'test', 'README.md'];
/** What may sit directly in src/: the files and folders above, adapters to outside systems, the work that spans them (use-cases), nothing else. */
const allowedInSrc = new Set(['server.ts', 'app.ts', 'config.ts', 'routes', 'domain', 'db', 'events', 'adapters', 'use-cases', 'contracts']);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

describe('every service has the standard inner shape', () => {
  it('finds the five services', () => {
    assert.deepEqual(services.sort(), ['admin-reporting', 'billing', 'chat', 'identity', 'notifications']);
  });

  for (const service of services) {
    const root = join(servicesDir, service);
    it(`${service}: ${required.join(', ')}; nothing else at the top of src/`, () => {
      const missing = required.filter((path) => !existsSync(join(root, path)));
      assert.deepEqual(missing, [], `${service} lacks ${missing.join(', ')}`);
      const extra = readdirSync(join(root, 'src')).filter((name) => !allowedInSrc.has(name));
      assert.deepEqual(extra, [], `${service}/src holds ${extra.join(', ')} beside the standard folders`);
    });

    it(`${service}: tests mirror src/ (or bin/) and at least one runs`, () => {
      const testDirs = readdirSync(join(root, 'test'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'support');
      // A test folder mirrors one of src/ or one beside it (bin/ holds the service's commands).
      const unmatched = testDirs.map((entry) => entry.name).filter((name) => !existsSync(join(root, 'src', name)) && !existsSync(join(root, name)));
      assert.deepEqual(unmatched, [], `${service}/test has folders with no counterpart in src/ or beside it`);
      assert.ok(
        filesUnder(join(root, 'test')).some((file) => file.endsWith('.test.ts')),
        `${service} has no tests`,
      );
    });

    it(`${service}: only src/server.ts reads the environment`, () => {
      const readers = filesUnder(join(root, 'src'))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('server.ts') && readFileSync(file, 'utf8').includes('process.env'))
        .map((file) => relative(root, file));
      assert.deepEqual(readers, []);
    });

    it(`${service}: its README says what it owns, publishes and consumes, and which settings it reads`, () => {
      const readme = readFileSync(join(root, 'README.md'), 'utf8').toLowerCase();
      for (const topic of ['owns', 'publishes', 'consumes', 'settings'])
        assert.ok(readme.includes(topic), `${service}/README.md says nothing of what it ${topic}`);
    });
  }
});
