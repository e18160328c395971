-- Uploads: how many files each user stored on each day (Japan's calendar date), for the quota of files a
-- day. A count of its own, not of the uploads table: a file deleted the same day still counts.

CREATE TABLE upload_days (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day TEXT NOT NULL,                                     -- YYYY-MM-DD in Japan
  files INTEGER NOT NULL,
  PRIMARY KEY (user_id, day)
);
