/**
 * The game server's PostgreSQL tables, as versioned migrations (the same tables as SQLite's, and one more: the audit
 * chain's head, the row every write transaction locks first). A database's version is the highest row of
 * `schema_version`; each start applies the migrations above it under an advisory lock (several instances may start
 * at once) and refuses a database newer than this code.
 */

const V1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE blocks (
  block INTEGER PRIMARY KEY,
  emission INTEGER NOT NULL,
  prize_table TEXT NOT NULL,
  remaining TEXT NOT NULL,
  dealt INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'exhausted', 'closed')),
  opened_at TEXT NOT NULL
);
CREATE UNIQUE INDEX one_open_block ON blocks (status) WHERE status = 'open';

CREATE TABLE players (
  id BIGSERIAL PRIMARY KEY,
  token_hash TEXT UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('player', 'terminal')),
  terminal_id TEXT UNIQUE,
  created_at TEXT NOT NULL,
  last_seen TEXT NOT NULL
);

CREATE TABLE tickets (
  id TEXT PRIMARY KEY,
  block INTEGER NOT NULL REFERENCES blocks (block),
  idx INTEGER NOT NULL,
  a1_cents INTEGER NOT NULL,
  a2_cents INTEGER NOT NULL,
  player_id BIGINT NOT NULL REFERENCES players (id),
  status TEXT NOT NULL CHECK (status IN ('open', 'ended')),
  next_seq INTEGER NOT NULL,
  prize_cents INTEGER,
  stake_cents INTEGER NOT NULL,
  balance_before INTEGER NOT NULL,
  balance_after INTEGER,
  created_at TEXT NOT NULL,
  ended_at TEXT,
  -- Insertion order, for "the last ten tickets" (SQLite's rowid).
  n BIGSERIAL NOT NULL,
  UNIQUE (block, idx)
);
CREATE UNIQUE INDEX one_open_ticket ON tickets (player_id) WHERE status = 'open';
CREATE INDEX tickets_ended ON tickets (player_id, n) WHERE status = 'ended';

CREATE TABLE ticket_events (
  ticket_id TEXT NOT NULL REFERENCES tickets (id),
  idx INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (ticket_id, idx)
);

CREATE TABLE ledger (
  id BIGSERIAL PRIMARY KEY,
  player_id BIGINT NOT NULL REFERENCES players (id),
  kind TEXT NOT NULL CHECK (kind IN ('opening', 'stake', 'prize', 'top-up')),
  cents INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  ticket_id TEXT REFERENCES tickets (id),
  at TEXT NOT NULL
);
CREATE INDEX ledger_player ON ledger (player_id, id);
CREATE UNIQUE INDEX one_stake ON ledger (ticket_id) WHERE kind = 'stake';
CREATE UNIQUE INDEX one_prize ON ledger (ticket_id) WHERE kind = 'prize';

CREATE TABLE replies (
  player_id BIGINT NOT NULL REFERENCES players (id),
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  reply TEXT,
  ticket_id TEXT REFERENCES tickets (id),
  seq INTEGER,
  balance_cents INTEGER,
  at TEXT NOT NULL,
  PRIMARY KEY (player_id, key),
  CHECK ((reply IS NULL) = (ticket_id IS NOT NULL AND seq IS NOT NULL AND balance_cents IS NOT NULL))
);

CREATE TABLE audit (
  seq BIGINT PRIMARY KEY,
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('ticket-issued', 'draw', 'payment', 'top-up', 'block-closed')),
  payload TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);

-- The chain's last link, one row: every write transaction locks it first, so the chain grows in commit order and
-- write transactions of all instances never wait on each other in a cycle.
CREATE TABLE audit_head (one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), seq BIGINT NOT NULL, hash TEXT NOT NULL);
INSERT INTO audit_head (seq, hash) VALUES (0, '${'0'.repeat(64)}');

CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON ticket_events FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION append_only();
`;

/**
 * Printed tickets (the same tables as SQLite's printed-schema.ts): emissions, their tickets with amounts and codes,
 * and the append-only logs of counter sales, counter payments and claims by screens. One sale and one payment per
 * ticket are enforced by the database itself.
 */
const V2 = `
CREATE TABLE printed_emissions (
  emission INTEGER PRIMARY KEY,
  blocks TEXT NOT NULL,
  prize_table TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE printed_tickets (
  serial TEXT PRIMARY KEY,
  emission INTEGER NOT NULL REFERENCES printed_emissions (emission),
  block INTEGER NOT NULL REFERENCES blocks (block),
  idx INTEGER NOT NULL,
  a1_cents INTEGER NOT NULL,
  a2_cents INTEGER NOT NULL,
  code TEXT NOT NULL UNIQUE,
  -- The ticket's own player row once a screen has claimed it, and the screen (player) holding it now.
  seat_player_id BIGINT REFERENCES players (id),
  holder_player_id BIGINT REFERENCES players (id)
);
CREATE INDEX printed_by_block ON printed_tickets (block, a1_cents, a2_cents);

CREATE TABLE counter_sales (
  serial TEXT NOT NULL UNIQUE REFERENCES printed_tickets (serial),
  retailer TEXT NOT NULL,
  shop TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX counter_sales_at ON counter_sales (at);

CREATE TABLE counter_payments (
  serial TEXT NOT NULL UNIQUE REFERENCES printed_tickets (serial),
  retailer TEXT NOT NULL,
  shop TEXT NOT NULL,
  cents INTEGER NOT NULL CHECK (cents > 0),
  at TEXT NOT NULL
);
CREATE INDEX counter_payments_at ON counter_payments (at);

CREATE TABLE printed_claims (
  serial TEXT NOT NULL REFERENCES printed_tickets (serial),
  player_id BIGINT NOT NULL REFERENCES players (id),
  at TEXT NOT NULL
);
CREATE INDEX printed_claims_of ON printed_claims (serial, player_id);

CREATE TRIGGER sales_append_only BEFORE UPDATE OR DELETE ON counter_sales FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON counter_payments FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER claims_append_only BEFORE UPDATE OR DELETE ON printed_claims FOR EACH ROW EXECUTE FUNCTION append_only();
`;

/**
 * The audit chain grown by the database: a write transaction's entries go with its COMMIT in one call, which locks
 * the head, chains each entry after it (the same sha-256 as audit.ts `auditHash`: prev, seq, at, kind, payload joined
 * by newlines, UTF-8) and moves the head.
 */
const V3 = `
CREATE FUNCTION audit_append(entries json) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head_seq BIGINT;
  head_hash TEXT;
  e json;
  seqs BIGINT[] := '{}';
  ats TEXT[] := '{}';
  kinds TEXT[] := '{}';
  payloads TEXT[] := '{}';
  prevs TEXT[] := '{}';
  hashes TEXT[] := '{}';
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM audit_head FOR UPDATE;
  FOR e IN SELECT value FROM json_array_elements(entries) LOOP
    head_seq := head_seq + 1;
    seqs := seqs || head_seq;
    ats := ats || (e->>'at');
    kinds := kinds || (e->>'kind');
    payloads := payloads || (e->>'payload');
    prevs := prevs || head_hash;
    head_hash := encode(sha256(convert_to(
      head_hash || E'\\n' || head_seq || E'\\n' || (e->>'at') || E'\\n' || (e->>'kind') || E'\\n' || (e->>'payload'),
      'UTF8')), 'hex');
    hashes := hashes || head_hash;
  END LOOP;
  INSERT INTO audit (seq, at, kind, payload, prev_hash, hash)
    SELECT * FROM unnest(seqs, ats, kinds, payloads, prevs, hashes);
  UPDATE audit_head SET seq = head_seq, hash = head_hash;
END $$;
`;

/**
 * Keys first in the replies' primary key: the browser's and the simulated players' keys are time-ordered, so new
 * replies go to the index's right-most page instead of one place per player all over it (the rows are kept; the
 * lookup by player and key uses it as before). The audit chain's function again, the same hashes: its entries read
 * once as typed rows (`json_to_recordset`), not parsed again for each of their fields.
 */
const V4 = `
ALTER TABLE replies DROP CONSTRAINT replies_pkey, ADD CONSTRAINT replies_pkey PRIMARY KEY (key, player_id);

CREATE OR REPLACE FUNCTION audit_append(entries json) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head_seq BIGINT;
  head_hash TEXT;
  e RECORD;
  seqs BIGINT[] := '{}';
  ats TEXT[] := '{}';
  kinds TEXT[] := '{}';
  payloads TEXT[] := '{}';
  prevs TEXT[] := '{}';
  hashes TEXT[] := '{}';
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM audit_head FOR UPDATE;
  FOR e IN SELECT * FROM json_to_recordset(entries) AS x(at TEXT, kind TEXT, payload TEXT) LOOP
    head_seq := head_seq + 1;
    seqs := seqs || head_seq;
    ats := ats || e.at;
    kinds := kinds || e.kind;
    payloads := payloads || e.payload;
    prevs := prevs || head_hash;
    head_hash := encode(sha256(convert_to(
      head_hash || E'\\n' || head_seq || E'\\n' || e.at || E'\\n' || e.kind || E'\\n' || e.payload, 'UTF8')), 'hex');
    hashes := hashes || head_hash;
  END LOOP;
  INSERT INTO audit (seq, at, kind, payload, prev_hash, hash)
    SELECT * FROM unnest(seqs, ats, kinds, payloads, prevs, hashes);
  UPDATE audit_head SET seq = head_seq, hash = head_hash;
END $$;
`;

/** The migrations in order: index i brings a database from version i to version i + 1. */
export const PG_MIGRATIONS: readonly string[] = [V1, V2, V3, V4];
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;
