import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Command, DEMO_CREDIT_CENTS, type GameSnapshot, RULES } from '../core';
import { chooseHaystack, chooseHen } from '../core/bot';
import { SeededSource } from '../core/seeded-source';
import type { HistoryView, SessionView, TicketUpdate } from '../protocol/messages';
import { checkDatabase } from './check';
import { TEST_TERMINALS, TestClient, type TestServer, testServer } from './test-kit';

/** Plays one whole ticket through the API; the bot (seeded, choosing hens only) never touches the draws. */
async function playTicket(c: TestClient, bot: SeededSource, n: number): Promise<TicketUpdate[]> {
  const bought = await c.post<TicketUpdate>('/api/buy', { key: `buy-${n}` });
  expect(bought.status).toBe(200);
  const updates = [bought.json];
  let last = bought.json;
  for (let step = 0; last.snapshot.phase !== 'ended'; step++) {
    const command = nextCommand(last.snapshot, bot);
    const r = await c.post<TicketUpdate>('/api/command', {
      key: `t${n}-c${step}`,
      ticket: last.ticket,
      seq: last.nextSeq,
      command,
    });
    expect(r.status, r.body).toBe(200);
    updates.push(r.json);
    last = r.json;
  }
  return updates;
}

function nextCommand(s: GameSnapshot, bot: SeededSource): Command {
  if (s.phase === 'scratch') return { type: 'reveal' };
  if (s.phase === 'haystack') return { type: 'chooseHaystack', haystack: chooseHaystack(RULES.haystacks, bot) };
  const down = s.round!.hens.flatMap((h, i) => (h === null ? [i] : []));
  return { type: 'pick', hen: chooseHen(down, bot) };
}

function ledgerSum(file: string, kind: 'player' | 'terminal'): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[string], { s: number }>(
        'SELECT SUM(l.cents) AS s FROM ledger l JOIN players p ON p.id = l.player_id WHERE p.kind = ? GROUP BY p.id ORDER BY p.id',
      )
      .all(kind)
      .map((r) => r.s);
  } finally {
    db.close();
  }
}

describe('whole tickets through the API', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await testServer();
  });
  afterEach(async () => server.dispose());

  it('plays 11 tickets: balances are ledger sums, recall holds the last 10 newest first, amounts stay hidden until the scratch', async () => {
    const c = new TestClient(server);
    const opened = await c.post<SessionView>('/api/session', {});
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({ kind: 'player', balanceCents: DEMO_CREDIT_CENTS, ticket: null, recent: [] });
    expect(c.cookie).toMatch(/^poule_player=[0-9a-f]{32}$/);
    const bot = SeededSource.fromSeed(7);
    const played: TicketUpdate[][] = [];
    let expected = DEMO_CREDIT_CENTS;
    for (let n = 0; n < 11; n++) {
      if (expected < RULES.ticketPriceCents) {
        const topped = await c.post<{ balanceCents: number }>('/api/top-up', { key: `top-${n}` });
        expect(topped.json.balanceCents).toBe(DEMO_CREDIT_CENTS);
        expected = DEMO_CREDIT_CENTS;
      }
      const updates = await playTicket(c, bot, n);
      played.push(updates);
      const [bought, revealed] = updates as [TicketUpdate, TicketUpdate];
      // Before the scratch: no amount anywhere in the reply.
      expect(bought.events).toEqual([{ type: 'ticketIssued', serial: bought.snapshot.serial, draws: 'crypto' }]);
      expect(bought.snapshot.amounts).toBeNull();
      expect(JSON.stringify(bought)).not.toMatch(/a1Cents|a2Cents|prizeCents":[1-9]/);
      expect(bought.balanceCents).toBe(expected - RULES.ticketPriceCents);
      expect(revealed.events[0]!.type).toBe('scratchRevealed');
      expect(revealed.snapshot.amounts).not.toBeNull();
      const end = updates[updates.length - 1]!;
      expected = expected - RULES.ticketPriceCents + end.snapshot.result!.prizeCents;
      expect(end.balanceCents).toBe(expected);
    }
    expect(ledgerSum(server.file, 'player')).toEqual([expected]);

    const history = await c.get<HistoryView>('/api/history');
    expect(history.status).toBe(200);
    const ids = played.map((u) => u[0]!.ticket).reverse();
    expect(history.json.recent.map((t) => t.id)).toEqual(ids.slice(0, 10));
    const newest = history.json.recent[0]!;
    const lastPlayed = played[10]!;
    expect(newest.journal.length).toBe(lastPlayed.reduce((n, u) => n + u.events.length, 0));
    expect(newest.balanceAfterCents).toBe(expected);
    expect(newest.stakeCents).toBe(RULES.ticketPriceCents);

    // A restart: the session comes back with the same balance and recall, no ticket open.
    await server.restart();
    const again = await c.post<SessionView>('/api/session', {});
    expect(again.json.balanceCents).toBe(expected);
    expect(again.json.ticket).toBeNull();
    expect(again.json.recent.map((t) => t.id)).toEqual(ids.slice(0, 10));

    const report = await checkDatabase(server.file);
    expect(report).toMatchObject({
      tickets: 11,
      openTickets: 0,
      auditVerified: true,
      ledgerProblems: [],
      journalProblems: [],
      doublePayments: 0,
      stakesMissing: 0,
    });
    expect(report.blocks).toEqual([expect.objectContaining({ block: 1, dealt: 11, reconciles: true })]);
  });

  it('resumes an open ticket from the session, exactly, after a restart (rebuilt from its journal)', async () => {
    const c = new TestClient(server);
    await c.post('/api/session', {});
    // The server draws by chance: a first pick that finds the egg ends the ticket (1 in 30), and an ended ticket is not
    // resumed. Such a ticket is played on, and the next one bought, until a pick leaves one open.
    let bought: { json: TicketUpdate };
    let revealed: { json: TicketUpdate };
    let picked: { json: TicketUpdate };
    let tries = 0;
    do {
      tries++;
      expect(tries, 'ten tickets in a row ended at their first pick').toBeLessThanOrEqual(10);
      bought = await c.post<TicketUpdate>('/api/buy', { key: `b${tries}` });
      revealed = await c.post<TicketUpdate>('/api/command', {
        key: `r${tries}`,
        ticket: bought.json.ticket,
        seq: 1,
        command: { type: 'reveal' },
      });
      picked = await c.post<TicketUpdate>('/api/command', {
        key: `p${tries}`,
        ticket: bought.json.ticket,
        seq: 2,
        command: { type: 'pick', hen: 4 },
      });
    } while (picked.json.snapshot.phase === 'ended');
    await server.restart();
    const s = await c.post<SessionView>('/api/session', {});
    expect(s.json.ticket).toEqual({
      id: bought.json.ticket,
      nextSeq: picked.json.nextSeq,
      events: [...bought.json.events, ...revealed.json.events, ...picked.json.events],
      snapshot: picked.json.snapshot,
    });
    const bot = SeededSource.fromSeed(3);
    let last = picked.json;
    while (last.snapshot.phase !== 'ended') {
      const r = await c.post<TicketUpdate>('/api/command', {
        key: `k${last.nextSeq}`,
        ticket: last.ticket,
        seq: last.nextSeq,
        command: nextCommand(last.snapshot, bot),
      });
      expect(r.status, r.body).toBe(200);
      last = r.json;
    }
    expect(await checkDatabase(server.file)).toMatchObject({
      tickets: tries,
      openTickets: 0,
      journalProblems: [],
      ledgerProblems: [],
    });
  });

  it('a kiosk terminal has its own wallet, with its key instead of a cookie', async () => {
    const kiosk = new TestClient(server, TEST_TERMINALS[0]!.key);
    const s = await kiosk.post<SessionView>('/api/session', {});
    expect(s.status).toBe(200);
    expect(s.json.kind).toBe('terminal');
    expect(kiosk.cookie).toBeNull();
    await playTicket(kiosk, SeededSource.fromSeed(11), 0);
    const player = new TestClient(server);
    const p = await player.post<SessionView>('/api/session', {});
    expect(p.json.balanceCents).toBe(DEMO_CREDIT_CENTS);
    const k = await kiosk.post<SessionView>('/api/session', {});
    expect(k.json.recent).toHaveLength(1);
    expect(ledgerSum(server.file, 'terminal')).toEqual([k.json.balanceCents]);
  });
});
