-- Learning (issue 31, docs/learn.md): each player's answers to the exercises rules-service ships. One row per player,
-- exercise and part; the exercises themselves are not stored here (they are part of the rules' release).
CREATE TABLE exercise_progress (
    player_id   uuid        NOT NULL REFERENCES players (id),
    exercise_id varchar(64) NOT NULL,
    part        integer     NOT NULL CHECK (part >= 0),
    attempts    integer     NOT NULL CHECK (attempts >= 1),
    wrong       integer     NOT NULL CHECK (wrong >= 0 AND wrong <= attempts),
    solved_at   timestamptz,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (player_id, exercise_id, part)
);
