-- Each initiate is its own challenge with its own code: a later initiate for the same address
-- never changes what an earlier one creates, and a code completes only the signup that asked
-- for it. The address is no longer the key.
ALTER TABLE signup_challenges DROP CONSTRAINT signup_challenges_pkey;
ALTER TABLE signup_challenges ADD COLUMN id uuid;
UPDATE signup_challenges SET id = gen_random_uuid();
ALTER TABLE signup_challenges ALTER COLUMN id SET NOT NULL;
ALTER TABLE signup_challenges ADD PRIMARY KEY (id);
CREATE INDEX signup_challenges_email ON signup_challenges (email, started_at);
