-- The retention job deletes published outbox rows and processed-event records by age.
CREATE INDEX outbox_published_at ON outbox (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX processed_events_processed_at ON processed_events (processed_at);
