-- Accounts: which identity uploads have been submitted for review (§5 "The profile can be updated
-- only if identity resubmission is not required or identity files are present"). An identity upload
-- with no row here is new: uploaded since the last submission, so since the last review too.

CREATE TABLE identity_submission_files (
  upload_id INTEGER PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  submitted_at TEXT NOT NULL
);
CREATE INDEX identity_submission_files_user ON identity_submission_files(user_id);
