-- Game reviews (issue 31, docs/learn.md "Game review"): ai-service's review of a finished match, or of a record a player
-- brought, stored as it arrives so that a long review shows its progress to every caller and is computed once.

-- One row per review: a match's (id = the match id) or a record's (id = 'record-' and the SHA-256 of its game and text).
-- The instance running it holds a lease it renews with every move; a review whose lease ran out (its instance stopped)
-- or that failed is started again by the next caller.
CREATE TABLE reviews (
    id          varchar(80) PRIMARY KEY,
    match_id    uuid        REFERENCES matches (id) ON DELETE CASCADE,
    game        varchar(16) NOT NULL,
    start       bytea       NOT NULL,   -- the ReviewStart (engine.proto)
    summary     bytea,                  -- the ReviewSummary, once done
    status      varchar(8)  NOT NULL CHECK (status IN ('running', 'done', 'failed')),
    error       text,                   -- why it failed
    lease_until timestamptz NOT NULL,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    CHECK ((status = 'done') = (summary IS NOT NULL))
);

-- Each move reviewed, in order (a ReviewedMove).
CREATE TABLE review_moves (
    review_id varchar(80) NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    ply       integer     NOT NULL CHECK (ply >= 0),
    move      bytea       NOT NULL,
    PRIMARY KEY (review_id, ply)
);
