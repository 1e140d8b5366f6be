-- Matchmaking: ratings, seeks, parties, quick-pairing pools, challenges, rematches, the lobby's event log and who
-- watches the lobby. Lock order (docs/lobby.md): players first (one statement, by id), then the rows of these tables.

-- Glicko-2 per player, variant and time-control class (docs/ratings.md); no row = 1500 / 350 / 0.06, no games.
CREATE TABLE ratings (
    player_id   uuid             NOT NULL REFERENCES players (id),
    variant     varchar(64)      NOT NULL,
    time_class  varchar(16)      NOT NULL
        CHECK (time_class IN ('bullet', 'blitz', 'rapid', 'classical', 'correspondence')),
    rating      double precision NOT NULL,
    rd          double precision NOT NULL CHECK (rd > 0),
    volatility  double precision NOT NULL CHECK (volatility > 0),
    games       integer          NOT NULL DEFAULT 0 CHECK (games >= 0),
    updated_at  timestamptz      NOT NULL,
    PRIMARY KEY (player_id, variant, time_class)
);

-- One row per rated player per rated match: what the result did (the primary key also makes a match count once).
CREATE TABLE rating_changes (
    match_id           uuid             NOT NULL REFERENCES matches (id),
    player_id          uuid             NOT NULL REFERENCES players (id),
    variant            varchar(64)      NOT NULL,
    time_class         varchar(16)      NOT NULL,
    rating_before      double precision NOT NULL,
    rd_before          double precision NOT NULL,
    volatility_before  double precision NOT NULL,
    rating_after       double precision NOT NULL,
    rd_after           double precision NOT NULL,
    volatility_after   double precision NOT NULL,
    created_at         timestamptz      NOT NULL,
    PRIMARY KEY (match_id, player_id)
);

-- Seeks: posted by an owner, accepted seat by seat; the last seat starts the match (match_id).
CREATE TABLE seeks (
    id                uuid        PRIMARY KEY,
    owner_id          uuid        NOT NULL REFERENCES players (id),
    variant           varchar(64) NOT NULL,                 -- the canonical variant id
    options           bytea       NOT NULL,                 -- VariantOptions, effective (every default filled in)
    initial_millis    bigint      NOT NULL,
    increment_millis  bigint      NOT NULL,
    rated             boolean     NOT NULL,
    rating_min        integer,                              -- null: no lower bound
    rating_max        integer,                              -- null: no upper bound
    seat_count        integer     NOT NULL CHECK (seat_count >= 2),
    status            varchar(16) NOT NULL
        CHECK (status IN ('SEEK_OPEN', 'SEEK_FILLED', 'SEEK_CANCELLED', 'SEEK_EXPIRED')),
    match_id          uuid        REFERENCES matches (id),
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    CHECK (rating_min IS NULL OR rating_max IS NULL OR rating_min <= rating_max)
);
CREATE INDEX seeks_open ON seeks (created_at) WHERE status = 'SEEK_OPEN';
CREATE INDEX seeks_owner ON seeks (owner_id) WHERE status = 'SEEK_OPEN';

CREATE TABLE seek_seats (
    seek_id    uuid        NOT NULL REFERENCES seeks (id),
    idx        integer     NOT NULL CHECK (idx >= 0),
    player_id  uuid        REFERENCES players (id),         -- null: free
    joined_at  timestamptz,
    PRIMARY KEY (seek_id, idx),
    UNIQUE (seek_id, player_id)
);
CREATE INDEX seek_seats_player ON seek_seats (player_id) WHERE player_id IS NOT NULL;

-- Parties: a leader and the players they invited; members have joined (the leader from the start).
CREATE TABLE parties (
    id          uuid        PRIMARY KEY,
    leader_id   uuid        NOT NULL REFERENCES players (id),
    status      varchar(16) NOT NULL CHECK (status IN ('PARTY_OPEN', 'PARTY_DISBANDED')),
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);

CREATE TABLE party_members (
    party_id    uuid        NOT NULL REFERENCES parties (id),
    player_id   uuid        NOT NULL REFERENCES players (id),
    idx         integer     NOT NULL,                       -- the order of the invitation (the leader is 0)
    joined      boolean     NOT NULL,                       -- false: invited, not yet joined
    joined_at   timestamptz,
    PRIMARY KEY (party_id, player_id)
);
CREATE INDEX party_members_player ON party_members (player_id);

-- Quick-pairing pools: a ticket is one player or one party waiting in the pool named by pool_key (variant, effective
-- options, time control, rated); the pairer takes waiting tickets with FOR UPDATE SKIP LOCKED.
CREATE TABLE pool_tickets (
    id                uuid        PRIMARY KEY,
    pool_key          varchar(400) NOT NULL,
    variant           varchar(64) NOT NULL,
    options           bytea       NOT NULL,
    initial_millis    bigint      NOT NULL,
    increment_millis  bigint      NOT NULL,
    rated             boolean     NOT NULL,
    seat_count        integer     NOT NULL,
    mode              varchar(8)  NOT NULL,                 -- 2p, ffa, team
    party_id          uuid        REFERENCES parties (id),
    queued_by         uuid        NOT NULL REFERENCES players (id),
    allow_ai_fill     boolean     NOT NULL,
    status            varchar(24) NOT NULL
        CHECK (status IN ('TICKET_WAITING', 'TICKET_PAIRED', 'TICKET_LEFT', 'TICKET_SUPERSEDED')),
    match_id          uuid        REFERENCES matches (id),
    queued_at         timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL
);
CREATE INDEX pool_tickets_waiting ON pool_tickets (pool_key, queued_at) WHERE status = 'TICKET_WAITING';

CREATE TABLE pool_ticket_members (
    ticket_id  uuid    NOT NULL REFERENCES pool_tickets (id),
    player_id  uuid    NOT NULL REFERENCES players (id),
    idx        integer NOT NULL,                            -- the order of PoolTicket.players
    seat       integer,                                     -- set when paired
    PRIMARY KEY (ticket_id, player_id)
);
CREATE INDEX pool_ticket_members_player ON pool_ticket_members (player_id);

-- Challenges: to a named player (opponent_id), or an open link (opponent_id null until someone accepts).
CREATE TABLE challenges (
    id                uuid        PRIMARY KEY,
    challenger_id     uuid        NOT NULL REFERENCES players (id),
    opponent_id       uuid        REFERENCES players (id),
    open_link         boolean     NOT NULL,
    variant           varchar(64) NOT NULL,
    options           bytea       NOT NULL,
    initial_millis    bigint      NOT NULL,
    increment_millis  bigint      NOT NULL,
    rated             boolean     NOT NULL,
    challenger_seat   integer,                              -- null: at random
    status            varchar(24) NOT NULL
        CHECK (status IN ('CHALLENGE_OPEN', 'CHALLENGE_ACCEPTED', 'CHALLENGE_DECLINED', 'CHALLENGE_CANCELLED',
                          'CHALLENGE_EXPIRED')),
    match_id          uuid        REFERENCES matches (id),
    expires_at        timestamptz NOT NULL,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL
);
CREATE INDEX challenges_due ON challenges (expires_at) WHERE status = 'CHALLENGE_OPEN';
CREATE INDEX challenges_challenger ON challenges (challenger_id);
CREATE INDEX challenges_opponent ON challenges (opponent_id) WHERE opponent_id IS NOT NULL;

-- Rematches: who asked after a finished match; match_id once every human side asked.
CREATE TABLE rematches (
    previous_match_id  uuid        PRIMARY KEY REFERENCES matches (id),
    match_id           uuid        REFERENCES matches (id),
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);

CREATE TABLE rematch_requests (
    previous_match_id  uuid        NOT NULL REFERENCES rematches (previous_match_id),
    player_id          uuid        NOT NULL REFERENCES players (id),
    created_at         timestamptz NOT NULL,
    PRIMARY KEY (previous_match_id, player_id)
);

-- The lobby's event log: one version sequence for the whole lobby, 1, 2, 3, ... without gaps. lobby_log holds the
-- latest version; a transaction appends by locking that row (the last lock it takes), so versions commit in order.
-- recipients: null = everyone; otherwise the players who may see the event (a pairing, a challenge, a rematch).
CREATE TABLE lobby_log (
    id       integer PRIMARY KEY CHECK (id = 1),
    version  bigint  NOT NULL CHECK (version >= 0)
);
INSERT INTO lobby_log (id, version) VALUES (1, 0);

CREATE TABLE lobby_events (
    version     bigint      PRIMARY KEY CHECK (version >= 1),
    type        varchar(16) NOT NULL,                       -- the LobbyEvent oneof case, e.g. PAIRED
    payload     bytea       NOT NULL,                       -- LobbyEvent
    recipients  uuid[],
    created_at  timestamptz NOT NULL
);
CREATE FUNCTION lobby_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'lobby_events is append-only';
END;
$$;
CREATE TRIGGER lobby_events_no_update BEFORE UPDATE OR DELETE ON lobby_events
    FOR EACH ROW EXECUTE FUNCTION lobby_events_append_only();

-- Open WatchLobby streams per player and lobby instance; each instance refreshes last_seen of its open streams
-- (a heartbeat), so the streams of an instance that died stop counting once their last_seen is old.
CREATE TABLE lobby_presence (
    instance_id  uuid        NOT NULL,
    player_id    uuid        NOT NULL REFERENCES players (id),
    streams      integer     NOT NULL CHECK (streams >= 0),
    last_seen    timestamptz NOT NULL,
    PRIMARY KEY (instance_id, player_id)
);
CREATE INDEX lobby_presence_player ON lobby_presence (player_id);
