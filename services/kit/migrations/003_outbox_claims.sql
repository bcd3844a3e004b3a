-- Relays claim rows for a while instead of holding a transaction open while they publish, so
-- several replicas share the outbox and a crashed relay's rows return after their lease.
ALTER TABLE outbox ADD COLUMN claimed_by text;
ALTER TABLE outbox ADD COLUMN claimed_until timestamptz;
-- A row that failed to publish too many times is set aside here instead of blocking the others.
ALTER TABLE outbox ADD COLUMN parked_at timestamptz;
-- The trace the event belongs to (W3C traceparent), so the relay's publish joins it.
ALTER TABLE outbox ADD COLUMN traceparent text;

DROP INDEX outbox_unpublished;
-- Pending rows: by id for the relay's claim, by key and id to find a key's oldest pending row.
CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL AND parked_at IS NULL;
CREATE INDEX outbox_pending_by_key ON outbox (key, id) WHERE published_at IS NULL AND parked_at IS NULL;
