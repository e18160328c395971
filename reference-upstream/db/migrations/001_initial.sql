-- The reference upstream's schema: the entities of §3 with the statuses of §4.
-- Booleans are 0/1, timestamps ISO 8601 with the Japan offset, dates YYYY-MM-DD, JSON as TEXT.

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,                                    -- NULL: has_usable_password false
  service_id TEXT NOT NULL DEFAULT 'sakidori',           -- the brand the account belongs to (§6)
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  corporate_division TEXT NOT NULL DEFAULT 'none' CHECK (corporate_division IN ('none', 'corporate', 'individual')),
  company_name TEXT NOT NULL DEFAULT '',
  office_phone TEXT NOT NULL DEFAULT '',
  office_zipcode TEXT NOT NULL DEFAULT '',
  office_prefecture TEXT NOT NULL DEFAULT '',
  office_city TEXT NOT NULL DEFAULT '',
  office_building_number TEXT NOT NULL DEFAULT '',
  owner_phone TEXT NOT NULL DEFAULT '',
  owner_zipcode TEXT NOT NULL DEFAULT '',
  owner_prefecture TEXT NOT NULL DEFAULT '',
  owner_city TEXT NOT NULL DEFAULT '',
  owner_building_number TEXT NOT NULL DEFAULT '',
  sector TEXT NOT NULL DEFAULT 'unknown',
  business_summary TEXT NOT NULL DEFAULT '',
  bank_account TEXT,                                     -- JSON: {bank_name, branch_name, deposit_type, bank_account_number, account_holder_name}
  identity_document_type TEXT,
  identity_confirmation INTEGER NOT NULL DEFAULT 4,      -- §4 review status: 4 nothing
  identity_valid_date TEXT,
  financial_statements_status INTEGER NOT NULL DEFAULT 4,
  financial_statements_valid_date TEXT,
  withdrawals_detail_status INTEGER NOT NULL DEFAULT 4,
  last_withdrawals_detail_date TEXT,
  email_verified_at TEXT,
  has_pre_entry_declined INTEGER NOT NULL DEFAULT 0,
  allow_redirect_to_profile INTEGER NOT NULL DEFAULT 1,
  visited_at_entry_page_after_mail_verification TEXT,
  user_segment TEXT NOT NULL DEFAULT 'general',
  can_edit_bank_account INTEGER NOT NULL DEFAULT 1,
  has_entry_permission_when_delayed INTEGER NOT NULL DEFAULT 1,
  experiment_user_id TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  last_login TEXT,
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);

CREATE TABLE sessions (
  session_key TEXT PRIMARY KEY,                          -- 32 characters of [a-z0-9], as Django's
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  persistent INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE uploads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,                                    -- a §3 kind with its optional -{displayId}
  side TEXT CHECK (side IS NULL OR side IN ('front', 'back')),
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  storage_path TEXT NOT NULL,                            -- relative to DATA_DIR
  error INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  is_active_delinquency INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX uploads_user ON uploads(user_id);

CREATE TABLE entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 6),
  account_activity_statement_confirmation_status INTEGER NOT NULL DEFAULT 4,
  financial_statement_confirmation_status INTEGER NOT NULL DEFAULT 4,
  channel_type TEXT NOT NULL DEFAULT 'web',
  purchase_amount_desired TEXT NOT NULL,                 -- decimal as text, as DRF's DecimalField
  purpose TEXT NOT NULL,
  description_of_inadequate_document TEXT NOT NULL DEFAULT '',
  bank_account TEXT,                                     -- JSON
  metadata TEXT NOT NULL DEFAULT '{}',                   -- JSON
  draft_entry_id INTEGER,
  contract_period TEXT,
  idempotency_key TEXT,
  contracted_at TEXT,
  transferred_at TEXT,
  cancelled_at TEXT,
  reviewed_at TEXT,
  rejected_at TEXT,
  transaction_completed_at TEXT,
  auto_rejection_started_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX entries_user ON entries(user_id);

CREATE TABLE claims (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),   -- displayId, 1-based (§3, §9)
  code TEXT NOT NULL UNIQUE,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 9),
  invoice_confirmation_status INTEGER NOT NULL DEFAULT 4,
  additional_doc_confirmation_status INTEGER NOT NULL DEFAULT 4,
  obliger_company_name TEXT NOT NULL,
  houjinbangou TEXT NOT NULL DEFAULT '',
  houjinbangou_address TEXT NOT NULL DEFAULT '',
  amount INTEGER NOT NULL,
  scheduled_deposit_amount_from_obliger INTEGER NOT NULL,
  purchase_principal_amount INTEGER,
  purchase_amount INTEGER,
  purchase_ratio TEXT,
  purchase_fee INTEGER,
  purchase_fee_ratio TEXT,
  bank_charge INTEGER,
  obliger_payment_date TEXT NOT NULL,
  is_fixed_debt INTEGER,
  is_bank_transfer_from_obliger INTEGER,
  receive_payment_account TEXT,                          -- JSON: {bank_name, deposit_type, bank_account_number, obliger_accounts}
  inadequate_reason TEXT NOT NULL DEFAULT '',
  metadata TEXT NOT NULL DEFAULT '{}',
  return_date TEXT,
  returned_at TEXT,
  cancelled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (entry_id, position)
);

-- Files attached to an entry (addfiles) or to one of its claims (contentfiles).
CREATE TABLE entry_files (
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  claim_id INTEGER REFERENCES claims(id) ON DELETE CASCADE,
  upload_id INTEGER NOT NULL REFERENCES uploads(id),
  PRIMARY KEY (entry_id, upload_id)
);

CREATE TABLE draft_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  data TEXT NOT NULL,                                    -- JSON, the §3 Draft entry
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE pre_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  answers TEXT NOT NULL,                                 -- JSON
  result TEXT NOT NULL CHECK (result IN ('accepted', 'declined')),
  reasons TEXT NOT NULL DEFAULT '[]',                    -- JSON list of Japanese reasons
  created_at TEXT NOT NULL
);

CREATE TABLE email_verifications (
  key_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE password_reset_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,                                    -- activation, password_reset, …
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,                                             -- the one link the mail asks to follow
  created_at TEXT NOT NULL
);

CREATE TABLE system_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL                                    -- JSON
);
INSERT INTO system_settings (key, value) VALUES ('supress_entries', '{"method":"none","segment":"","message":""}');
