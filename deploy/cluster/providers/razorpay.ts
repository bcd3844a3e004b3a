// Razorpay, standing in for the real one in the test cluster: billing's own sandbox
// (services/billing/src/adapters/razorpay-sandbox.ts), which speaks Razorpay's REST protocol,
// run as a pod of its own from the billing image (the file is mounted from a ConfigMap at
// /app/deploy/cluster/providers, so the imports resolve as in this repository). Billing runs in
// production mode with keys for it and RAZORPAY_API_URL=http://razorpay:8080, so it talks to it
// through the Razorpay SDK exactly as to Razorpay; the webhooks go to the gateway, as Razorpay's
// go to the public address. Listens on 0.0.0.0:8080:
//   /v1/...                          Razorpay's API (proxied to the sandbox on loopback)
//   POST /checkout/pay               { subscription_id }: the checkout a customer completes in the
//                                    browser; answers what Razorpay's checkout hands the page
//   GET /healthz
// Env: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, RAZORPAY_PLAN_ID (billing's, from
// the Secret test.sh makes: the two secrets random for each run, as billing's embedded sandbox makes
// its own per install, none in the source), WEBHOOK_URL (billing's webhook through the gateway).
import { createServer, type IncomingMessage } from 'node:http';
import { plans } from '../../../services/billing/src/domain/plans.ts';
import { startRazorpaySandbox } from '../../../services/billing/src/adapters/razorpay-sandbox.ts';

const setting = (name: string): string => process.env[name] ?? (console.error(`${name} is not set`), process.exit(78));
const webhookUrl = setting('WEBHOOK_URL');

const sandbox = await startRazorpaySandbox({
  keyId: setting('RAZORPAY_KEY_ID'),
  keySecret: setting('RAZORPAY_KEY_SECRET'),
  webhookSecret: setting('RAZORPAY_WEBHOOK_SECRET'),
  planId: setting('RAZORPAY_PLAN_ID'),
  amountPaise: plans.premium.pricePaise,
  stateFile: '/tmp/razorpay-sandbox.json',
  async deliverWebhook(rawBody, headers) {
    const response = await fetch(webhookUrl, { method: 'POST', body: rawBody, headers });
    if (!response.ok) throw new Error(`the webhook was refused: ${String(response.status)} ${await response.text()}`);
  },
});

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const server = createServer((request, response) => {
  const reply = (status: number, body: string) => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  void (async () => {
    const body = await readBody(request);
    const path = request.url ?? '/';
    if (path.startsWith('/v1/')) {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(sandbox.url + path, { method: request.method, headers, body: body.length > 0 ? body : undefined });
      reply(answer.status, await answer.text());
    } else if (request.method === 'POST' && path === '/checkout/pay') {
      const { subscription_id: id } = JSON.parse(body.toString('utf8')) as { subscription_id: string };
      reply(200, JSON.stringify(await sandbox.pay(id)));
    } else if (request.method === 'GET' && path === '/healthz') {
      reply(200, '{"status":"ok"}');
    } else {
      reply(404, '{"error":"Not found"}');
    }
  })().catch((error: unknown) => {
    reply(400, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  });
});
server.listen(8080, '0.0.0.0');
process.once('SIGTERM', () => {
  server.close();
  void sandbox.close().then(() => process.exit(0));
});
