-- Accounts: when the member consented to their data going to the brand's partner bank (POST /api/register/
-- partner_data_consent; null where the brand has no partner).

ALTER TABLE users ADD COLUMN partner_consent_at TEXT;
