-- A signup is contested once another initiate for its address chose a different password: then
-- its code alone does not say whose account to create, and verify wants more proof (the signup's
-- cookie or its password). Only hashes are kept, so the comparison is made at initiate, where the
-- new password is at hand.
ALTER TABLE signup_challenges ADD COLUMN contested boolean NOT NULL DEFAULT false;
-- Signups pending at this change cannot be compared any more: an address with several is contested.
UPDATE signup_challenges c SET contested = true WHERE (SELECT count(*) FROM signup_challenges o WHERE o.email = c.email) > 1;
