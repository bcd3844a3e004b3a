-- Browsing and questions by place or cause filter on these fields.
CREATE INDEX knowledge_entries_states ON knowledge_entries USING gin (states);
CREATE INDEX knowledge_entries_causes ON knowledge_entries USING gin (causes);
CREATE INDEX knowledge_entries_kind ON knowledge_entries (kind);
