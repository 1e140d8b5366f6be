-- Accounts a person keeps (issue 51, docs/accounts.md): passwords, sessions on many devices, recovery codes, operator
-- reset tokens, disabled accounts, identities from an outside OpenID Connect provider, and the record of what changed.

-- Every token is now a session: the tokens of Register (kind SESSION_KIND_TOKEN) keep working as they are.
ALTER TABLE tokens RENAME TO sessions;
ALTER INDEX tokens_player RENAME TO sessions_player;
ALTER TABLE sessions RENAME CONSTRAINT tokens_pkey TO sessions_pkey;
-- the public id a player signs a session out by (never the token, whose hash stays the key)
ALTER TABLE sessions ADD COLUMN id uuid;
UPDATE sessions SET id = gen_random_uuid();
ALTER TABLE sessions ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX sessions_id ON sessions (id);
ALTER TABLE sessions ADD COLUMN kind varchar(24) NOT NULL DEFAULT 'SESSION_KIND_TOKEN'
    CHECK (kind IN ('SESSION_KIND_TOKEN', 'SESSION_KIND_PASSWORD', 'SESSION_KIND_RECOVERY'));
ALTER TABLE sessions ADD COLUMN device_label varchar(64) NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address varchar(64) NOT NULL DEFAULT '';
-- written from memory at most once a minute per session (players.SessionUse), never on a call's own path
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
-- password and recovery sessions end after plyyard.lobby.accounts.session-idle-expiry unused; null: no idle expiry
ALTER TABLE sessions ADD COLUMN expires_at timestamptz;

-- Apart from players, which every view reads: the Argon2id hash as a PHC string, its parameters inside it.
CREATE TABLE passwords (
    player_id   uuid         PRIMARY KEY REFERENCES players (id),
    hash        varchar(255) NOT NULL CHECK (hash LIKE '$argon2id$%'),
    changed_at  timestamptz  NOT NULL
);

-- Ten single-use codes per account; only their SHA-256. Replacing them deletes the old ones.
CREATE TABLE recovery_codes (
    player_id   uuid        NOT NULL REFERENCES players (id),
    hash        bytea       NOT NULL CHECK (length(hash) = 32),
    created_at  timestamptz NOT NULL,
    used_at     timestamptz,
    PRIMARY KEY (player_id, hash)
);

-- The operator's one-time reset tokens (OperatorService.IssueResetToken); a newer one replaces the older.
CREATE TABLE reset_tokens (
    hash        bytea       PRIMARY KEY CHECK (length(hash) = 32),
    player_id   uuid        NOT NULL UNIQUE REFERENCES players (id),
    issued_by   varchar(64) NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);

ALTER TABLE players ADD COLUMN disabled_at timestamptz;
ALTER TABLE players ADD COLUMN disabled_reason varchar(200) NOT NULL DEFAULT '';

-- An outside provider's identity (issuer + subject, which never change) and the player it chose a name for.
CREATE TABLE external_identities (
    issuer      varchar(255) NOT NULL,
    subject     varchar(255) NOT NULL,
    player_id   uuid         NOT NULL UNIQUE REFERENCES players (id),
    created_at  timestamptz  NOT NULL,
    PRIMARY KEY (issuer, subject)
);

-- What changed an account, when, by whom and from where: sign-ups, passwords set and changed, codes replaced and used,
-- recoveries, the operator's reset tokens, disabling and enabling. Failed sign-ins are logged, not stored (a refused
-- call changes no row).
CREATE TABLE account_events (
    id          bigserial    PRIMARY KEY,
    player_id   uuid         NOT NULL REFERENCES players (id),
    at          timestamptz  NOT NULL,
    kind        varchar(32)  NOT NULL,
    actor       varchar(64)  NOT NULL DEFAULT '',
    address     varchar(64)  NOT NULL DEFAULT '',
    detail      varchar(200) NOT NULL DEFAULT ''
);
CREATE INDEX account_events_player ON account_events (player_id, at DESC);
