-- The knowledge base, imported from services/chat/knowledge/ at start (by content hash).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE knowledge_entries (
  id text PRIMARY KEY,
  kind text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  states text[] NOT NULL,
  causes text[] NOT NULL,
  questions text[] NOT NULL,
  sources jsonb NOT NULL,
  as_of date NOT NULL,
  content_hash text NOT NULL,
  -- Title and the questions it answers weigh most, then the summary, places and causes, then the body.
  document tsvector NOT NULL
);
CREATE INDEX knowledge_entries_document ON knowledge_entries USING gin (document);

-- Each word of each title, for names asked with a typo or a different spelling (trigram similarity).
CREATE TABLE knowledge_names (
  entry_id text NOT NULL REFERENCES knowledge_entries (id) ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (entry_id, word)
);
CREATE INDEX knowledge_names_word ON knowledge_names USING gin (word gin_trgm_ops);
