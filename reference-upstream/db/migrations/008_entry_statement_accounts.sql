-- The statement accounts an entry was sent with, as typed in the wizard (bank name, account number,
-- format; JSON, the Nth account the one whose files end in -N), so the entry's page names each one.

ALTER TABLE entries ADD COLUMN banks TEXT NOT NULL DEFAULT '[]';
