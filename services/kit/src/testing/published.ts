import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type { EventDefinition } from '@betterplus/events';
import type { Queryable } from '../db/database.ts';
import { decodeEnvelope, decodePayload } from '../events/envelope.ts';

export interface PublishedEvent<Desc extends DescMessage> {
  key: string;
  topic: string;
  payload: MessageShape<Desc>;
}

/** Events of one type a service recorded in its outbox, oldest first. */
export async function published<Desc extends DescMessage>(service: { deps: { db: Queryable } }, event: EventDefinition<Desc>): Promise<PublishedEvent<Desc>[]> {
  const { rows } = await service.deps.db.query<{ key: string; topic: string; envelope: Uint8Array }>(
    'SELECT key, topic, envelope FROM outbox WHERE type = $1 ORDER BY id',
    [event.schema.typeName],
  );
  return rows.map((row) => ({ key: row.key, topic: row.topic, payload: decodePayload(event, decodeEnvelope(row.envelope)) }));
}
