-- Every query chat reported consumed, once per query id: queries_used counts each once however
-- often its event is delivered, and a query whose answer failed is taken off again (refunded_at).
CREATE TABLE counted_queries (
  query_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  period_start timestamptz NOT NULL,
  counted_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz
);
