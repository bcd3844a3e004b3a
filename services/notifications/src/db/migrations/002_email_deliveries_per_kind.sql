-- One event can ask for several emails (a contact message: support's copy and the sender's
-- acknowledgement), so a delivery is unique per event and kind rather than per event.
ALTER TABLE email_deliveries DROP CONSTRAINT email_deliveries_event_id_key;
ALTER TABLE email_deliveries ADD CONSTRAINT email_deliveries_event_id_kind_key UNIQUE (event_id, kind);
