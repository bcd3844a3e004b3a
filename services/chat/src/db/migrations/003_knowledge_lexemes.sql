-- How many entries hold each word (its stem), rebuilt by every import that changes the entries:
-- retrieval leaves out a question's words that too many entries share, as a search engine leaves
-- out "the" (they match much and tell little), so each search reads few rows through the index.
CREATE TABLE knowledge_lexemes (
  lexeme text PRIMARY KEY,
  entries integer NOT NULL,
  -- Held by too many entries to tell them apart: left out of searches.
  common boolean NOT NULL
);
