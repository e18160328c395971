-- Uploads: the key a client may send with a file (idempotency_key), so that when the answer is lost it
-- can ask for exactly that upload (GET /api/uploads/?idempotency_key=…) rather than guess by name or
-- size, and a replay of the key answers the file first stored under it.

ALTER TABLE uploads ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX uploads_user_idempotency_key ON uploads(user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
