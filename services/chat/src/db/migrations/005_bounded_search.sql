-- The distinct title words, for the fuzzy name search: it compares a question's words with each
-- word once, not once per entry holding it, and leaves out words so many entries hold that they
-- name nothing in particular ("foundation"). Rebuilt with knowledge_lexemes by each import.
CREATE TABLE knowledge_name_words (
  word text PRIMARY KEY,
  entries integer NOT NULL
);
CREATE INDEX knowledge_name_words_word ON knowledge_name_words USING gin (word gin_trgm_ops);
INSERT INTO knowledge_name_words (word, entries) SELECT word, count(*) FROM knowledge_names GROUP BY word;

DROP INDEX knowledge_names_word;
CREATE INDEX knowledge_names_word ON knowledge_names (word);

-- The title and questions of each entry (weight A of its document): a question whose every
-- telling word many entries hold is matched on these alone, so it reads few rows at any size.
CREATE INDEX knowledge_entries_head ON knowledge_entries USING gin (ts_filter(document, '{a}'));
