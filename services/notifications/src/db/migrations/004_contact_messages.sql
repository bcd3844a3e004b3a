-- Messages sent through the contact form, kept whether or not the emails about them went out.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
