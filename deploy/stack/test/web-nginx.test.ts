// The web image's nginx config (deploy/docker/web-nginx.conf), run by a real nginx over a bundle:
// cache headers, the SPA fallback, its health answer, and an access log without query strings.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, freePort } from '@betterplus/kit/testing';

const confPath = join(import.meta.dirname, '..', '..', 'docker', 'web-nginx.conf');
const binary = process.env.NGINX_BIN ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
const missing =
  spawnSync(binary, ['-v'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'no nginx (NGINX_BIN, else /usr/sbin/nginx or `nginx` on PATH; deploy/local-infra/tools.sh installs it)';

// Fails under CI without nginx, skips elsewhere (as the Envoy tests do).
it('nginx is available for the web image test', (t) => {
  if (missing === undefined) return;
  if (process.env.CI) throw new Error(`CI must test the web image's nginx config: ${missing}`);
  t.skip(missing);
});

describe("the web image's nginx config", { skip: missing ?? false }, () => {
  let dir = '';
  let base = '';
  let nginx: ChildProcess | undefined;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'betterplus-nginx-'));
    await mkdir(join(dir, 'html', 'assets'), { recursive: true });
    await writeFile(join(dir, 'html', 'index.html'), '<!doctype html><title>Better+</title>');
    await writeFile(join(dir, 'html', 'assets', 'app-1234.js'), 'console.log(1)');
    await writeFile(join(dir, 'html', 'assets', 'captions-1234.vtt'), 'WEBVTT\n');
    const port = await freePort();
    // The image's server block as it is, on a free port, over this bundle, logging to a file.
    const server = (await readFile(confPath, 'utf8'))
      .replace('listen 8080;', `listen 127.0.0.1:${String(port)};`)
      .replace('root /usr/share/nginx/html;', `root ${join(dir, 'html')};`)
      .replace('access_log /dev/stdout no_query;', `access_log ${join(dir, 'access.log')} no_query;`);
    await writeFile(join(dir, 'server.conf'), server);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, kind)};`).join('\n');
    await writeFile(
      join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp {\n${temp}\ninclude /etc/nginx/mime.types;\ninclude ${join(dir, 'server.conf')};\n}\n`,
    );
    nginx = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    base = `http://127.0.0.1:${String(port)}`;
    await eventually(async () => ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok ? true : undefined));
  });

  after(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await once(nginx, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and has pages revalidated, with the SPA fallback', async () => {
    const asset = await fetch(`${base}/assets/app-1234.js`);
    assert.equal(await asset.text(), 'console.log(1)');
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(asset.headers.get('content-type'), 'application/javascript');
    const captions = await fetch(`${base}/assets/captions-1234.vtt`);
    assert.equal(captions.headers.get('content-type'), 'text/vtt', 'a video track is dropped unless it is text/vtt');
    await captions.arrayBuffer();
    for (const path of ['/', '/chat', '/index.html']) {
      const page = await fetch(base + path);
      assert.equal(await page.text(), '<!doctype html><title>Better+</title>', path);
      assert.equal(page.headers.get('cache-control'), 'no-cache', path);
    }
    assert.deepEqual(await (await fetch(`${base}/healthz`)).json(), { status: 'ok' });
  });

  it('logs requested paths, never their query strings', async () => {
    await (await fetch(`${base}/reset-password?token=secret-reset-token`)).arrayBuffer();
    await (await fetch(`${base}/assets/app-1234.js?v=secret-asset`)).arrayBuffer();
    const log = await eventually(async () => {
      const text = await readFile(join(dir, 'access.log'), 'utf8').catch(() => '');
      return text.includes('/assets/app-1234.js') ? text : undefined;
    });
    assert.match(log, /"GET \/reset-password HTTP\/1\.1" 200/);
    assert.doesNotMatch(log, /secret-/);
  });
});
