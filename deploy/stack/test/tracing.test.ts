import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SpanKind } from '@betterplus/kit';
import { eventually, recordSpans, type ReadableSpan } from '@betterplus/kit/testing';
import { OtpRequestedEvent } from '@betterplus/events';
import { startServicesBehindGateway, type ServicesBehindGateway } from './support/services-behind-gateway.ts';

/**
 * One trace from the gateway to the consumer's effect: the gateway's server span, identity's
 * server span under it, the relay's publish and notifications' handling of the OTP event under
 * that, carried across the bus by the envelope's traceparent (Kafka when KAFKA_BROKERS is set).
 */
describe('distributed tracing', () => {
  let recorder: ReturnType<typeof recordSpans>;
  let running: ServicesBehindGateway;

  before(async () => {
    recorder = recordSpans();
    running = await startServicesBehindGateway();
  });
  after(async () => {
    await running.stop();
    await recorder.stop();
  });

  it('links a signup through the gateway, identity, the outbox and the bus to the notifications consumer in one trace', async () => {
    const response = await fetch(`${running.gatewayUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Traced', email: 'traced@example.in', password: 'a long password' }),
    });
    assert.equal(response.status, 200);

    const spans = () => recorder.spans();
    const find = (scope: string, predicate: (span: ReadableSpan) => boolean) => spans().find((s) => s.instrumentationScope.name === scope && predicate(s));
    // The consumer may finish before the request's own spans end: wait for all four.
    const { gateway, identity, publish, processed } = await eventually(() => {
      const identity = find('identity', (s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/signup');
      const found = {
        gateway: find('gateway', (s) => s.kind === SpanKind.SERVER && s.name.endsWith('/api/signup')),
        identity,
        publish: find(
          'outbox-relay',
          (s) =>
            s.kind === SpanKind.PRODUCER &&
            s.attributes['messaging.destination.name'] === OtpRequestedEvent.topic &&
            s.spanContext().traceId === identity?.spanContext().traceId,
        ),
        processed: find('notifications', (s) => s.kind === SpanKind.CONSUMER && s.name === `process ${OtpRequestedEvent.schema.typeName}`),
      };
      const { gateway: g, publish: p, processed: c } = found;
      return Promise.resolve(g && identity && p && c ? { gateway: g, identity, publish: p, processed: c } : undefined);
    }, 30_000);

    const traceId = gateway.spanContext().traceId;
    for (const span of [identity, publish, processed]) assert.equal(span.spanContext().traceId, traceId, `${span.name} is in the gateway's trace`);
    assert.equal(gateway.parentSpanContext, undefined, 'the trace starts at the gateway');
    assert.equal(identity.parentSpanContext?.spanId, gateway.spanContext().spanId, "identity's span is the gateway's child");
    assert.equal(publish.parentSpanContext?.spanId, identity.spanContext().spanId, 'the publish is a child of the request that wrote the event');
    assert.equal(processed.parentSpanContext?.spanId, identity.spanContext().spanId, "the consumer's handling is a child of the same request");
    assert.equal(identity.attributes['http.response.status_code'], 200);
  });
});
