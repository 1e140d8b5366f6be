-- AI seats: whether the player who moves now (the mover, state.seats[to_move].played_by) holds an AI seat.
-- Kept with every turn change (start, move, seat out, end) under the match row lock, so finding the AI turns
-- that wait (after a restart, or on another instance) is one cheap indexed query; nothing lives only in memory.
ALTER TABLE matches ADD COLUMN ai_to_move boolean NOT NULL DEFAULT false;
CREATE INDEX matches_ai_turn ON matches (turn_started_at) WHERE ai_to_move AND status = 'MATCH_ACTIVE';
