-- Sign-in lockout: consecutive failed password checks, and until when the account refuses sign-in.
ALTER TABLE users ADD COLUMN failed_logins integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN locked_until timestamptz;
-- When the password was last set by a reset or a change (sessions before it are revoked).
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
-- Whether the owner of the address proved it (OTP, reset link, or Google). An account created
-- without proof may be claimed by whoever proves the address later.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
