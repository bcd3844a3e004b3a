import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { SpanKind, currentTraceparent, inSpan, startTracing } from '../../src/index.ts';
import { tracingEnabled } from '../../src/observability/tracing.ts';

const body = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('tracing', () => {
  it('is off unless OTLP is configured, and records nothing then', async () => {
    assert.equal(tracingEnabled({}), false);
    assert.equal(tracingEnabled({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), false);
    assert.equal(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), true);
    assert.equal(tracingEnabled({ OTEL_TRACES_EXPORTER: 'otlp' }), true);
    const off = startTracing('identity', {});
    await inSpan('identity', 'work', { kind: SpanKind.INTERNAL }, async (span) => {
      assert.equal(span.isRecording(), false);
      assert.equal(currentTraceparent(), '', 'no trace context to carry into events');
    });
    await off.stop();
  });

  it('exports spans over OTLP/HTTP to the configured endpoint', async () => {
    const received: { path: string; body: string }[] = [];
    const collector = createServer((request, response) => {
      void body(request).then((text) => {
        received.push({ path: request.url ?? '', body: text });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    const tracing = startTracing('identity', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(port)}` });
    let traceparent = '';
    await inSpan('identity', 'signup', { kind: SpanKind.SERVER }, async () => {
      traceparent = currentTraceparent();
    });
    await tracing.stop();
    collector.close();

    assert.match(traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    assert.equal(received[0]?.path, '/v1/traces');
    const exported = received.map((r) => r.body).join('');
    assert.ok(exported.includes(traceparent.split('-')[1] ?? 'missing'), 'the span went out with its trace id');
    assert.ok(exported.includes('identity'), 'named by its service');
  });
});
