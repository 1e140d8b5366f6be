-- lobby-service schema. Proto messages are stored as their binary encoding (bytea): GameState, Outcome,
-- VariantOptions and MatchEvent are owned by the contracts in proto/, whose field numbers never change.

CREATE TABLE players (
    id          uuid        PRIMARY KEY,
    name        varchar(32) NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX players_name_lower ON players (lower(name));

-- Only the SHA-256 of a token is kept; the token itself is shown once, by Register.
CREATE TABLE tokens (
    hash        bytea       PRIMARY KEY CHECK (length(hash) = 32),
    player_id   uuid        NOT NULL REFERENCES players (id),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tokens_player ON tokens (player_id);

CREATE TABLE matches (
    id                uuid        PRIMARY KEY,
    variant           varchar(64) NOT NULL,
    options           bytea       NOT NULL,                 -- VariantOptions as requested
    initial_millis    bigint      NOT NULL CHECK (initial_millis >= 0),
    increment_millis  bigint      NOT NULL CHECK (increment_millis >= 0),
    rated             boolean     NOT NULL,
    status            varchar(16) NOT NULL
        CHECK (status IN ('MATCH_WAITING', 'MATCH_ACTIVE', 'MATCH_FINISHED', 'MATCH_ABORTED')),
    version           bigint      NOT NULL,                 -- the latest event's version (0: no event yet)
    state_version     bigint      NOT NULL,                 -- the latest game-changing event's version
    plies             integer     NOT NULL DEFAULT 0,       -- moves played through the lobby
    state             bytea       NOT NULL,                 -- GameState
    result            bytea,                                -- Outcome, when finished or aborted
    turn_started_at   timestamptz,                          -- when the running clock was last read
    deadline_at       timestamptz,                          -- when the running clock falls; null: no clock running
    created_by        uuid        NOT NULL REFERENCES players (id),
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    CHECK (state_version <= version)
);
-- the scheduler's query: active matches whose running clock is due
CREATE INDEX matches_due ON matches (deadline_at) WHERE status = 'MATCH_ACTIVE' AND deadline_at IS NOT NULL;
CREATE INDEX matches_created ON matches (created_at DESC);

CREATE TABLE seats (
    match_id           uuid        NOT NULL REFERENCES matches (id),
    idx                integer     NOT NULL CHECK (idx >= 0),
    kind               varchar(16) NOT NULL CHECK (kind IN ('SEAT_PLAYER', 'SEAT_AI', 'SEAT_OPEN', 'SEAT_INVITED')),
    player_id          uuid        REFERENCES players (id),  -- SEAT_PLAYER
    invited_player_id  uuid        REFERENCES players (id),  -- SEAT_INVITED (kept after the invitee joins)
    ai_level           integer,
    clock_millis       bigint      NOT NULL,                 -- time left as of matches.turn_started_at
    out                boolean     NOT NULL DEFAULT false,
    offers_draw        boolean     NOT NULL DEFAULT false,
    connections        integer     NOT NULL DEFAULT 0 CHECK (connections >= 0), -- open WatchMatch streams
    PRIMARY KEY (match_id, idx),
    UNIQUE (match_id, player_id)
);
CREATE INDEX seats_player ON seats (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX seats_invited ON seats (invited_player_id) WHERE invited_player_id IS NOT NULL;

-- The event log of every match: versions 1, 2, 3, ... without gaps; append-only.
CREATE TABLE match_events (
    match_id    uuid        NOT NULL REFERENCES matches (id),
    version     bigint      NOT NULL CHECK (version >= 1),
    type        varchar(32) NOT NULL,                        -- the MatchEvent oneof case, e.g. MOVE_PLAYED
    payload     bytea       NOT NULL,                        -- MatchEvent
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (match_id, version)
);

CREATE FUNCTION match_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'match_events is append-only';
END;
$$;
CREATE TRIGGER match_events_no_update BEFORE UPDATE OR DELETE ON match_events
    FOR EACH ROW EXECUTE FUNCTION match_events_append_only();
