import { describe, expect, it } from 'vitest';
import type { Exchange } from './sim-player';
import { compareStored, type StoredRow } from './stored-replies';

const update: Exchange = {
  player: 3,
  kind: 'pick',
  path: '/api/command',
  body: { key: 'run-p3-7', ticket: '0001-000042', seq: 2, command: { type: 'pick', hen: 4 } },
  status: 200,
  reply: { ticket: '0001-000042', nextSeq: 3, events: [], snapshot: {}, balanceCents: 1800 },
  sends: 1,
};
const updateRow: StoredRow = {
  player_id: '9',
  key: 'run-p3-7',
  status: 200,
  reply: null,
  ticket_id: '0001-000042',
  seq: 2,
  balance_cents: 1800,
};
const refusal: Exchange = {
  ...update,
  kind: 'buy',
  path: '/api/buy',
  body: { key: 'run-p3-8' },
  status: 409,
  reply: { error: { code: 'ticket-in-play', message: 'a ticket is already in play: finish it first' } },
};
const refusalRow: StoredRow = {
  ...updateRow,
  key: 'run-p3-8',
  status: 409,
  reply: JSON.stringify(refusal.reply),
  ticket_id: null,
  seq: null,
  balance_cents: null,
};

describe("the chaos run's comparison of a stored reply with the one its player got", () => {
  it('finds nothing wrong when the row is what was answered (a ticket update, a refusal kept as sent)', () => {
    expect(compareStored(update, updateRow)).toBeNull();
    expect(compareStored(refusal, refusalRow)).toBeNull();
  });

  it('names a key answered but not stored', () => {
    expect(compareStored(update, undefined)).toMatch(/run-p3-7 \(pick\) was answered 200 but is not stored/);
  });

  it('names another status, another ticket, seq or balance, another body', () => {
    expect(compareStored(update, { ...updateRow, status: 409 })).toMatch(/stored status 409, answered 200/);
    expect(compareStored(update, { ...updateRow, seq: 3 })).toMatch(/stored ticket 0001-000042 seq 3/);
    expect(compareStored(update, { ...updateRow, balance_cents: 2000 })).toMatch(/balance 2000/);
    expect(compareStored(update, { ...updateRow, ticket_id: '0001-000043' })).toMatch(/0001-000043/);
    const other = JSON.stringify({ error: { code: 'balance-too-low', message: 'x' } });
    expect(compareStored(refusal, { ...refusalRow, reply: other })).toMatch(/stored reply/);
  });
});
