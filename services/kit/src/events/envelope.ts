import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { timestampDate, timestampNow } from '@bufbuild/protobuf/wkt';
import { EnvelopeSchema, type Envelope, type EventDefinition } from '@betterplus/events';
import { currentTraceparent } from '../observability/tracing.ts';

export interface EncodedEvent {
  eventId: string;
  type: string;
  /** The active trace (W3C traceparent) the event joins; '' when tracing is off. */
  traceparent: string;
  bytes: Uint8Array;
}

export function encodeEvent<Desc extends DescMessage>(
  event: EventDefinition<Desc>,
  producer: string,
  key: string,
  payload: MessageInitShape<Desc>,
): EncodedEvent {
  const eventId = randomUUID();
  const type = event.schema.typeName;
  const traceparent = currentTraceparent();
  const envelope = create(EnvelopeSchema, {
    eventId,
    type,
    occurredAt: timestampNow(),
    producer,
    key,
    payload: toBinary(event.schema, create(event.schema, payload)),
    traceparent,
  });
  return { eventId, type, traceparent, bytes: toBinary(EnvelopeSchema, envelope) };
}

export const decodeEnvelope = (bytes: Uint8Array): Envelope => fromBinary(EnvelopeSchema, bytes);

export const decodePayload = <Desc extends DescMessage>(event: EventDefinition<Desc>, envelope: Envelope): MessageShape<Desc> =>
  fromBinary(event.schema, envelope.payload);

export const occurredAt = (envelope: Envelope): Date | undefined => (envelope.occurredAt ? timestampDate(envelope.occurredAt) : undefined);
