-- A move updates its match row in place (a HOT update, issue 32): PostgreSQL then writes no index entry for the new
-- row version, where before every move added one to each of the table's indexes (the primary key, matches_due,
-- matches_created) and left the old entries for vacuum. An update is HOT only when no indexed column changes and the
-- page has room for the new version. Every move changes deadline_at and turn_started_at, so the scheduler's indexes no
-- longer hold them: they index the active matches (and those waiting for an AI seat) by id, and the queries read the
-- deadline or turn start from those rows. Their status changes when a match starts or ends, not with a move.
DROP INDEX matches_due;
CREATE INDEX matches_active ON matches (id) WHERE status = 'MATCH_ACTIVE';

DROP INDEX matches_ai_turn;
CREATE INDEX matches_ai_turn ON matches (id) WHERE ai_to_move AND status = 'MATCH_ACTIVE';

-- Room on each page for the row's next versions (a row is about 700 bytes: the state and the columns); rows inserted
-- from now on leave it.
ALTER TABLE matches SET (fillfactor = 70);
