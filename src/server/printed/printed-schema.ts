/**
 * Printed tickets' tables, beside the game server's own (storage/schema.ts). An emission's blocks are rows of
 * `blocks` (status 'closed': dealt in full when printed); each printed ticket's amounts and code are here. When a
 * sold ticket is first claimed by a screen it also gets a `tickets` row and a journal, as any ticket, seated on a
 * player row of its own (no wallet: no stake from a screen, no prize to one). Sales, payments and claims are
 * append-only logs; one sale and one payment per ticket are enforced by the database itself.
 */
export const PRINTED_SCHEMA = `
CREATE TABLE IF NOT EXISTS printed_emissions (
  emission INTEGER PRIMARY KEY,
  blocks TEXT NOT NULL,
  prize_table TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS printed_tickets (
  serial TEXT PRIMARY KEY,
  emission INTEGER NOT NULL REFERENCES printed_emissions (emission),
  block INTEGER NOT NULL REFERENCES blocks (block),
  idx INTEGER NOT NULL,
  a1_cents INTEGER NOT NULL,
  a2_cents INTEGER NOT NULL,
  code TEXT NOT NULL UNIQUE,
  -- The ticket's own player row once a screen has claimed it, and the screen (player) holding it now.
  seat_player_id INTEGER REFERENCES players (id),
  holder_player_id INTEGER REFERENCES players (id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS printed_by_block ON printed_tickets (block, a1_cents, a2_cents);

CREATE TABLE IF NOT EXISTS counter_sales (
  serial TEXT NOT NULL UNIQUE REFERENCES printed_tickets (serial),
  retailer TEXT NOT NULL,
  shop TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS counter_sales_at ON counter_sales (at);

CREATE TABLE IF NOT EXISTS counter_payments (
  serial TEXT NOT NULL UNIQUE REFERENCES printed_tickets (serial),
  retailer TEXT NOT NULL,
  shop TEXT NOT NULL,
  cents INTEGER NOT NULL CHECK (cents > 0),
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS counter_payments_at ON counter_payments (at);

CREATE TABLE IF NOT EXISTS printed_claims (
  serial TEXT NOT NULL REFERENCES printed_tickets (serial),
  player_id INTEGER NOT NULL REFERENCES players (id),
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS printed_claims_of ON printed_claims (serial, player_id);

CREATE TRIGGER IF NOT EXISTS sales_append_only_u BEFORE UPDATE ON counter_sales BEGIN SELECT RAISE(ABORT, 'the sales log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS sales_append_only_d BEFORE DELETE ON counter_sales BEGIN SELECT RAISE(ABORT, 'the sales log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS payments_append_only_u BEFORE UPDATE ON counter_payments BEGIN SELECT RAISE(ABORT, 'the payments log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS payments_append_only_d BEFORE DELETE ON counter_payments BEGIN SELECT RAISE(ABORT, 'the payments log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS claims_append_only_u BEFORE UPDATE ON printed_claims BEGIN SELECT RAISE(ABORT, 'the claims log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS claims_append_only_d BEFORE DELETE ON printed_claims BEGIN SELECT RAISE(ABORT, 'the claims log is append-only'); END;
`;
