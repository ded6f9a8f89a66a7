-- Hand-written: drizzle-kit cannot express a table's storage parameters.
-- Pages of release_actions are filled to 70%, leaving room on each page for a newer version of its rows:
-- a download's next percentage (progress and updated_at, which no index holds) is then written in place
-- (a HOT update, no new index entries). Pages written before keep their fill until the table is rewritten.
ALTER TABLE "release_actions" SET (fillfactor = 70);
