import { describe, expect, it } from 'vitest';
import { BlockDealer } from './block';
import { checkBlockState, checkCurrentTicket, type CurrentTicket } from './current-ticket';
import { Game } from './game';
import { DEFAULT_PRIZE_TABLE } from './prize-table';
import { SeededSource } from './seeded-source';
import { step, testSource } from './test-support/saved-tickets';

describe('the current ticket', () => {
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  const source = SeededSource.fromSeed(11);
  const game = Game.start(dealer.deal(source), source);
  const bot = testSource(12);
  for (let i = 0; i < 3; i++) step(game, bot);
  const saved: CurrentTicket = { journal: game.journal, draws: 'seeded', seededState: source.state(), balanceBeforeCents: 2000 };

  it('reads back to the same game, drawing nothing, and the demo continues where it stopped', () => {
    const r = checkCurrentTicket(JSON.parse(JSON.stringify(saved)), DEFAULT_PRIZE_TABLE);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.game.snapshot()).toEqual(game.snapshot());
    const resumed = Game.fromJournal(r.value.ticket.journal, SeededSource.fromState(r.value.ticket.seededState!));
    if (!resumed.ok) throw new Error(resumed.error.message);
    const botA = testSource(99);
    const botB = testSource(99);
    while (step(game, botA)) step(resumed.value, botB);
    expect(resumed.value.journal).toEqual(game.journal);
  });

  it('refuses a journal that does not fold, a missing or misplaced seeded state, amounts off the table', () => {
    const why = (d: unknown) => { const r = checkCurrentTicket(d, DEFAULT_PRIZE_TABLE); return r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`; };
    const j = saved.journal;
    expect(why({ ...saved, journal: [...j, j[j.length - 1]] })).toMatch(/^inconsistent: journal inconsistent/);
    expect(why({ ...saved, seededState: null })).toMatch(/^inconsistent: a seeded state belongs to a demo game/);
    expect(why({ ...saved, seededState: [1, 2, 3] })).toMatch(/^corrupt: .*"seededState"/);
    expect(why({ ...saved, draws: 'crypto', seededState: null })).toMatch(/says crypto draws but its journal says seeded/);
    const first = j[0]!;
    if (first.type !== 'ticketIssued') throw new Error('journal starts with ticketIssued');
    const odd = { ...first, ticket: { ...first.ticket, a1Cents: 123_400, a2Cents: 100 } };
    expect(why({ ...saved, journal: [odd] })).toMatch(/^inconsistent: amounts A1 123400 \/ A2 100 cents are not a pair/);
  });

  it('a block state must fit the prize table', () => {
    const state = dealer.state();
    expect(checkBlockState(JSON.parse(JSON.stringify(state)), DEFAULT_PRIZE_TABLE)).toEqual({ ok: true, value: state });
    expect(checkBlockState({ ...state, dealt: state.dealt + 1 }, DEFAULT_PRIZE_TABLE).ok).toBe(false);
    expect(checkBlockState({ ...state, remaining: state.remaining.slice(1) }, DEFAULT_PRIZE_TABLE).ok).toBe(false);
    expect(checkBlockState('block', DEFAULT_PRIZE_TABLE).ok).toBe(false);
  });
});
