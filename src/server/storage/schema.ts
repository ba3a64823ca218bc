/**
 * The game server's SQLite tables, as versioned migrations: a database's version is kept in `PRAGMA user_version`;
 * each start applies the migrations above it, in one transaction, and refuses a database newer than this code. The
 * journal, the ledger and the audit log are append-only: triggers refuse any UPDATE or DELETE, so a correction can
 * only ever be a new row.
 */

/** Version 1: the first tables (a file made before versioning says so in meta, not yet in user_version). */
const V1 = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- A block's table is stored with it, so a block keeps dealing from the table it opened with.
CREATE TABLE IF NOT EXISTS blocks (
  block INTEGER PRIMARY KEY,
  emission INTEGER NOT NULL,
  prize_table TEXT NOT NULL,
  remaining TEXT NOT NULL,
  dealt INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'exhausted', 'closed')),
  opened_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS one_open_block ON blocks (status) WHERE status = 'open';

CREATE TABLE IF NOT EXISTS players (
  id INTEGER PRIMARY KEY,
  token_hash TEXT UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('player', 'terminal')),
  terminal_id TEXT UNIQUE,
  created_at TEXT NOT NULL,
  last_seen TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS tickets (
  id TEXT NOT NULL UNIQUE,
  block INTEGER NOT NULL REFERENCES blocks (block),
  idx INTEGER NOT NULL,
  a1_cents INTEGER NOT NULL,
  a2_cents INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players (id),
  status TEXT NOT NULL CHECK (status IN ('open', 'ended')),
  next_seq INTEGER NOT NULL,
  prize_cents INTEGER,
  stake_cents INTEGER NOT NULL,
  balance_before INTEGER NOT NULL,
  balance_after INTEGER,
  created_at TEXT NOT NULL,
  ended_at TEXT,
  UNIQUE (block, idx)
);
CREATE UNIQUE INDEX IF NOT EXISTS one_open_ticket ON tickets (player_id) WHERE status = 'open';
CREATE INDEX IF NOT EXISTS tickets_ended ON tickets (player_id) WHERE status = 'ended';

-- Rows appended in commit order (a group's events land on a few pages at the end), found through the index.
CREATE TABLE IF NOT EXISTS ticket_events (
  ticket_id TEXT NOT NULL REFERENCES tickets (id),
  idx INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  UNIQUE (ticket_id, idx)
);

CREATE TABLE IF NOT EXISTS ledger (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players (id),
  kind TEXT NOT NULL CHECK (kind IN ('opening', 'stake', 'prize', 'top-up')),
  cents INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  ticket_id TEXT REFERENCES tickets (id),
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_player ON ledger (player_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS one_stake ON ledger (ticket_id) WHERE kind = 'stake';
CREATE UNIQUE INDEX IF NOT EXISTS one_prize ON ledger (ticket_id) WHERE kind = 'prize';

-- A ticket's update is not stored twice: its reply is rebuilt from the journal (the events of its seq, the snapshot
-- after them) and the balance kept here. Other replies (refusals, top-ups) are kept as sent.
CREATE TABLE IF NOT EXISTS replies (
  player_id INTEGER NOT NULL REFERENCES players (id),
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  reply TEXT,
  ticket_id TEXT REFERENCES tickets (id),
  seq INTEGER,
  balance_cents INTEGER,
  at TEXT NOT NULL,
  UNIQUE (player_id, key),
  CHECK ((reply IS NULL) = (ticket_id IS NOT NULL AND seq IS NOT NULL AND balance_cents IS NOT NULL))
);

CREATE TABLE IF NOT EXISTS audit (
  seq INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('ticket-issued', 'draw', 'payment', 'top-up')),
  payload TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);

CREATE TRIGGER IF NOT EXISTS ledger_append_only_u BEFORE UPDATE ON ledger BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER IF NOT EXISTS ledger_append_only_d BEFORE DELETE ON ledger BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_u BEFORE UPDATE ON ticket_events BEGIN SELECT RAISE(ABORT, 'a journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_d BEFORE DELETE ON ticket_events BEGIN SELECT RAISE(ABORT, 'a journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_append_only_u BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_append_only_d BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`;

/** Version 2: the audit log also records a block put out of play by the operator. */
const V2 = `
DROP TRIGGER audit_append_only_u;
DROP TRIGGER audit_append_only_d;
CREATE TABLE audit_v2 (
  seq INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('ticket-issued', 'draw', 'payment', 'top-up', 'block-closed')),
  payload TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
INSERT INTO audit_v2 SELECT seq, at, kind, payload, prev_hash, hash FROM audit;
DROP TABLE audit;
ALTER TABLE audit_v2 RENAME TO audit;
CREATE TRIGGER audit_append_only_u BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_append_only_d BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`;

/**
 * Version 3: a stored reply and a journal row are found by their own key, so each table IS that key's B-tree
 * (WITHOUT ROWID): one B-tree written per row instead of the table and its unique index.
 */
const V3 = `
CREATE TABLE replies_v3 (
  player_id INTEGER NOT NULL REFERENCES players (id),
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  reply TEXT,
  ticket_id TEXT REFERENCES tickets (id),
  seq INTEGER,
  balance_cents INTEGER,
  at TEXT NOT NULL,
  PRIMARY KEY (key, player_id),
  CHECK ((reply IS NULL) = (ticket_id IS NOT NULL AND seq IS NOT NULL AND balance_cents IS NOT NULL))
) WITHOUT ROWID;
INSERT INTO replies_v3 SELECT player_id, key, body_hash, status, reply, ticket_id, seq, balance_cents, at FROM replies;
DROP TABLE replies;
ALTER TABLE replies_v3 RENAME TO replies;

DROP TRIGGER events_append_only_u;
DROP TRIGGER events_append_only_d;
CREATE TABLE ticket_events_v3 (
  ticket_id TEXT NOT NULL REFERENCES tickets (id),
  idx INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (ticket_id, idx)
) WITHOUT ROWID;
INSERT INTO ticket_events_v3 SELECT ticket_id, idx, seq, event FROM ticket_events;
DROP TABLE ticket_events;
ALTER TABLE ticket_events_v3 RENAME TO ticket_events;
CREATE TRIGGER events_append_only_u BEFORE UPDATE ON ticket_events BEGIN SELECT RAISE(ABORT, 'a journal is append-only'); END;
CREATE TRIGGER events_append_only_d BEFORE DELETE ON ticket_events BEGIN SELECT RAISE(ABORT, 'a journal is append-only'); END;
`;

/** The migrations in order: index i brings a database from version i to version i + 1. */
export const SQLITE_MIGRATIONS: readonly string[] = [V1, V2, V3];
export const SCHEMA_VERSION = SQLITE_MIGRATIONS.length;
