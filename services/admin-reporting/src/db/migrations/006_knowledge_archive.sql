-- chat's knowledge archive as last imported (KnowledgeArchiveImported, the latest by imported_at):
-- how many entries it holds, and how many fall due for review on each date, so the stats count
-- the entries due by any day without chat telling again as the days pass.
CREATE TABLE knowledge_archive (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  entries integer NOT NULL,
  imported_at timestamptz NOT NULL
);
CREATE TABLE knowledge_review_dates (
  review_by date PRIMARY KEY,
  entries integer NOT NULL
);
