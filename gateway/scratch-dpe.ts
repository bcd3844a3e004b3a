import { connect } from 'node:net';
import { CLUSTER_NAMES } from './src/envoy-config.ts';
import { closedPortUrl, renderEnvoyConfigForUrls, startEnvoy } from './src/testing/index.ts';
const down = await closedPortUrl();
const urls = Object.fromEntries(CLUSTER_NAMES.map((n) => [n, down])) as Record<string, string>;
const envoy = await startEnvoy({ config: renderEnvoyConfigForUrls(urls as never) });
const port = Number(new URL(envoy.url).port);
for (const bytes of ['GARBAGE\r\n\r\n', 'GET /api/user HTTP/1.1\r\nHost: x\r\nAuthorization: a\r\nAuthorization: b\r\n\r\n']) {
  const answer = await new Promise<string>((resolve) => { const s = connect(port, '127.0.0.1', () => s.write(bytes)); let a = ''; s.setEncoding('utf8').on('data', (c: string) => {a += c; if (a.includes('}') || a.includes('Bad Request')) s.destroy(); resolve(a);}); s.on('error', (e) => resolve(String(e))); });
  console.log(JSON.stringify(answer.slice(-300)));
}
await envoy.stop();
