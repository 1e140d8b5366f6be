-- Puzzles (issue 31, docs/learn.md "Puzzles"): the sets rules-service ships, loaded here by the lobby whenever a set's
-- digest changes (learn.PuzzleSets), each puzzle with its own Glicko-2 rating; the players' puzzle ratings per game; and
-- every attempt with each answer it got, so that a retried answer is given back instead of being counted again.

-- One row per game whose set is loaded: what was loaded, so that a lobby loads a set only when it changed.
CREATE TABLE puzzle_sets (
    game       varchar(16) PRIMARY KEY,
    digest     varchar(64) NOT NULL,
    puzzles    integer     NOT NULL CHECK (puzzles >= 0),
    made_by    text        NOT NULL,
    loaded_at  timestamptz NOT NULL
);

-- A puzzle as shipped (variant, options, position, line, goal, themes, its first rating, where it was found) and as
-- played since (its rating, plays). A puzzle a newer set no longer holds is retired, not deleted: attempts name it.
CREATE TABLE puzzles (
    id          varchar(40)      PRIMARY KEY,
    game        varchar(16)      NOT NULL,
    variant     varchar(40)      NOT NULL,
    options     text             NOT NULL,   -- key=value;key=value, sorted by key; '' for none
    position    text             NOT NULL,
    line        text             NOT NULL,   -- the moves, separated by single spaces
    goal        varchar(16)      NOT NULL CHECK (goal IN ('win', 'draw', 'advantage')),
    themes      text             NOT NULL,   -- separated by commas; '' for none
    seed_rating integer          NOT NULL,
    source      text             NOT NULL,
    rating      double precision NOT NULL,
    rd          double precision NOT NULL,
    volatility  double precision NOT NULL,
    plays       integer          NOT NULL DEFAULT 0 CHECK (plays >= 0),
    solved      integer          NOT NULL DEFAULT 0 CHECK (solved >= 0 AND solved <= plays),
    retired     boolean          NOT NULL DEFAULT false
);
CREATE INDEX puzzles_by_rating ON puzzles (game, variant, rating) WHERE NOT retired;

-- A player's puzzle rating in one game (Glicko-2, as the games' ratings).
CREATE TABLE puzzle_ratings (
    player_id  uuid             NOT NULL REFERENCES players (id),
    game       varchar(16)      NOT NULL,
    rating     double precision NOT NULL,
    rd         double precision NOT NULL,
    volatility double precision NOT NULL,
    attempts   integer          NOT NULL CHECK (attempts >= 0),
    solved     integer          NOT NULL CHECK (solved >= 0 AND solved <= attempts),
    updated_at timestamptz      NOT NULL,
    PRIMARY KEY (player_id, game)
);

-- One attempt of a player at a puzzle (a player meets a puzzle once). `step` counts the right answers; a wrong one
-- ends the attempt. Rating changes are recorded when it ends.
CREATE TABLE puzzle_attempts (
    id                   uuid             PRIMARY KEY,
    player_id            uuid             NOT NULL REFERENCES players (id),
    puzzle_id            varchar(40)      NOT NULL REFERENCES puzzles (id),
    game                 varchar(16)      NOT NULL,
    variant              varchar(40)      NOT NULL,
    daily                date,                        -- the day, when opened as that day's puzzle
    step                 integer          NOT NULL DEFAULT 0 CHECK (step >= 0),
    result               varchar(8)       NOT NULL CHECK (result IN ('open', 'solved', 'failed')),
    puzzle_rating        double precision NOT NULL,   -- the puzzle's rating when the attempt opened
    rating_change        double precision,
    rating_after         double precision,
    puzzle_rating_change double precision,
    started_at           timestamptz      NOT NULL,
    finished_at          timestamptz,
    UNIQUE (player_id, puzzle_id),
    CHECK ((result = 'open') = (finished_at IS NULL))
);
-- At most one open attempt per player and variant outside the daily puzzle: a retried NextPuzzle gets it again.
CREATE UNIQUE INDEX puzzle_attempts_one_open ON puzzle_attempts (player_id, variant) WHERE result = 'open' AND daily IS NULL;
CREATE INDEX puzzle_attempts_history ON puzzle_attempts (player_id, started_at DESC);

-- Every answer an attempt got, as it was given (the PuzzleAnswer message): a retried AnswerPuzzle gets it back.
CREATE TABLE puzzle_answers (
    attempt_id  uuid        NOT NULL REFERENCES puzzle_attempts (id),
    step        integer     NOT NULL CHECK (step >= 0),
    move        text        NOT NULL,
    answer      bytea       NOT NULL,
    answered_at timestamptz NOT NULL,
    PRIMARY KEY (attempt_id, step)
);

-- The puzzle of the day per game, chosen on the day's first call and kept.
CREATE TABLE daily_puzzles (
    day       date        NOT NULL,
    game      varchar(16) NOT NULL,
    puzzle_id varchar(40) NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (day, game)
);
