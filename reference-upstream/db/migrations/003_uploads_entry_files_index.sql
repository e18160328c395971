-- Uploads: "is this upload held by an entry?" is asked on every delete and every listing of
-- pending uploads (users.pendingUploads); entry_files' primary key starts with entry_id, so
-- looking up by upload_id alone needs its own index.

CREATE INDEX entry_files_upload ON entry_files(upload_id);
