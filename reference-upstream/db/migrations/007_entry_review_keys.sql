-- Resubmissions: the key a client may send with POST /api/entries/{id}/review/ and the answer it got, per
-- entry, so that a replay of the key (a second press, a lost answer) is answered with that answer and the
-- resubmission is never applied twice.

CREATE TABLE entry_review_keys (
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL,
  answer TEXT NOT NULL,                                  -- JSON: the entry as the first call answered it
  created_at TEXT NOT NULL,
  PRIMARY KEY (entry_id, idempotency_key)
);
