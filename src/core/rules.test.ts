// Every rule of SPEC.md (Annexe 2, art. 3.2), played through the real game with real seeded draws. Scenarios are
// found by searching seeds for the wanted path, never by forcing a draw.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { Game } from './game';
import { RULES, type Rules } from './rules';
import { SeededSource } from './seeded-source';
import {
  accepted,
  countElements,
  endOf,
  eventsOf,
  findSeed,
  lowestHenBot,
  playSeed,
  randomBot,
  TEST_TICKET,
} from './test-support/play';

/** 3,000 whole tickets, hens chosen at random, for the rules that must hold in every game. */
const corpus: readonly (readonly GameEvent[])[] = Array.from(
  { length: 3000 },
  (_, seed) => playSeed(seed, randomBot(seed + 1e6)).journal,
);

const lifted = (j: readonly GameEvent[], round: number) => eventsOf(j, 'henLifted').filter((e) => e.round === round);
const roundOneWonAt = (pick: number) => (j: readonly GameEvent[]) =>
  eventsOf(j, 'roundWon').some((e) => e.round === 1) && lifted(j, 1).length === pick;
const extraRoundWonAt = (pick: number) => (j: readonly GameEvent[]) =>
  eventsOf(j, 'roundWon').some((e) => e.round === 2) && lifted(j, 2).length === pick;

describe('the ticket and the scratch zone (art. 3.1)', () => {
  it('hides the amounts until revealed, then starts round 1 with 30 hens down and 3 picks', () => {
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(1));
    expect(game.journal).toEqual([{ type: 'ticketIssued', ticket: TEST_TICKET, draws: 'seeded' }]);
    expect(game.snapshot()).toMatchObject({ phase: 'scratch', amounts: null, round: null, rounds: [] });
    expect(accepted(game.reveal())).toEqual([
      { type: 'scratchRevealed', a1Cents: 1000, a2Cents: 300 },
      { type: 'roundStarted', round: 1, picksLeft: 3 },
    ]);
    const s = game.snapshot();
    expect(s.amounts).toEqual({ a1Cents: 1000, a2Cents: 300 });
    expect(s.phase).toBe('round');
    expect(s.round).toEqual({
      round: 1,
      picksLeft: 3,
      picks: [],
      hens: new Array(30).fill(null),
      board: null,
      outcome: null,
    });
  });
});

describe('a round (art. 3.2.1 – 3.2.4, 3.2.6)', () => {
  it('a chick gives the pick back (picks left unchanged); an empty cell or the egg uses it', () => {
    let chicks = 0;
    let empties = 0;
    for (const j of corpus) {
      let before = 0;
      for (const e of j) {
        if (e.type === 'roundStarted') before = e.picksLeft;
        if (e.type !== 'henLifted') continue;
        expect(e.picksLeft).toBe(e.element === 'chick' ? before : before - 1);
        if (e.element === 'chick') chicks++;
        if (e.element === 'empty') empties++;
        before = e.picksLeft;
      }
    }
    // Both branches were really exercised.
    expect(chicks).toBeGreaterThan(1000);
    expect(empties).toBeGreaterThan(1000);
  });

  it('the snapshot shows the same picks left as the event, pick after pick', () => {
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(7));
    accepted(game.reveal());
    while (game.snapshot().phase === 'round') {
      const s = game.snapshot();
      const [e] = accepted(game.pick(lowestHenBot.hen(s)));
      expect(e?.type).toBe('henLifted');
      if (e?.type === 'henLifted') expect(game.snapshot().rounds[e.round - 1]!.picksLeft).toBe(e.picksLeft);
    }
  });

  it('a round is lost exactly at the 3rd empty cell, however many chicks came before', () => {
    let lostRounds = 0;
    for (const j of corpus) {
      for (const r of [1, 2]) {
        const picks = lifted(j, r);
        if (picks.length === 0) continue;
        const c = countElements(picks.map((p) => p.element));
        const lost = eventsOf(j, 'roundLost').some((e) => e.round === r);
        if (lost) {
          lostRounds++;
          expect(c).toMatchObject({ egg: 0, empty: 3 });
          expect(picks[picks.length - 1]!.element).toBe('empty');
          expect(picks[picks.length - 1]!.picksLeft).toBe(0);
        } else {
          expect(c.egg).toBe(1);
          expect(c.empty).toBeLessThanOrEqual(2);
          expect(picks[picks.length - 1]!.element).toBe('egg');
        }
      }
    }
    expect(lostRounds).toBeGreaterThan(2000);
  });

  it('a seed whose round 1 is three empty cells in a row loses after three picks', () => {
    const seed = findSeed((j) => lifted(j, 1).length === 3 && lifted(j, 1).every((e) => e.element === 'empty'));
    const j = playSeed(seed).journal;
    expect(lifted(j, 1).map((e) => e.picksLeft)).toEqual([2, 1, 0]);
    expect(j[6]).toMatchObject({ type: 'roundLost', round: 1 });
    expect(j[7]).toEqual({ type: 'haystacksOffered', haystacks: 5 });
  });

  it('a lost round reveals a full board: 1 egg, 17 chicks, 12 empty, agreeing with every lifted hen (3.2.6)', () => {
    let boards = 0;
    for (const j of corpus) {
      for (const lost of eventsOf(j, 'roundLost')) {
        boards++;
        expect(lost.board).toHaveLength(RULES.hens);
        expect(countElements(lost.board)).toEqual({ egg: 1, chick: 17, empty: 12 });
        for (const p of lifted(j, lost.round)) expect(lost.board[p.hen]).toBe(p.element);
      }
    }
    expect(boards).toBeGreaterThan(2000);
  });

  it('the egg on the first pick pays A1 and ends the ticket won', () => {
    const game = playSeed(findSeed(roundOneWonAt(1)));
    const j = game.journal;
    expect(j.slice(-2)).toEqual([
      { type: 'roundWon', round: 1, prize: 'A1', prizeCents: 1000 },
      { type: 'ticketEnded', outcome: 'won', prizeCents: 1000 },
    ]);
    expect(game.snapshot().result).toEqual({ outcome: 'won', prize: 'A1', prizeCents: 1000 });
    expect(game.snapshot().phase).toBe('ended');
  });

  it.each([2, 3, 6])('the egg on pick %i pays A2', (pick) => {
    const game = playSeed(findSeed(roundOneWonAt(pick)));
    expect(game.journal.slice(-2)).toEqual([
      { type: 'roundWon', round: 1, prize: 'A2', prizeCents: 300 },
      { type: 'ticketEnded', outcome: 'won', prizeCents: 300 },
    ]);
    expect(game.snapshot().result).toEqual({ outcome: 'won', prize: 'A2', prizeCents: 300 });
  });

  it('every won ticket in the corpus pays A1 exactly when the egg came first', () => {
    for (const j of corpus) {
      const won = eventsOf(j, 'roundWon')[0];
      if (!won) continue;
      const first = lifted(j, won.round).length === 1;
      expect(won.prize).toBe(first ? 'A1' : 'A2');
      expect(endOf(j)).toEqual({ type: 'ticketEnded', outcome: 'won', prizeCents: first ? 1000 : 300 });
      expect(j[j.length - 1]).toBe(endOf(j));
    }
  });
});

describe('the Extra game (art. 3.2.5)', () => {
  it('haystacks are offered after a lost first round, and only then', () => {
    for (const j of corpus) {
      const firstLost = eventsOf(j, 'roundLost').some((e) => e.round === 1);
      const offers = eventsOf(j, 'haystacksOffered');
      expect(offers).toEqual(firstLost ? [{ type: 'haystacksOffered', haystacks: 5 }] : []);
      if (firstLost) expect(j[j.findIndex((e) => e.type === 'roundLost') + 1]?.type).toBe('haystacksOffered');
    }
  });

  it('the Extra is offered at most once, and a lost Extra round ends the ticket lost', () => {
    let lostExtras = 0;
    for (const j of corpus) {
      expect(eventsOf(j, 'haystacksOffered').length).toBeLessThanOrEqual(1);
      expect(eventsOf(j, 'roundStarted').length).toBeLessThanOrEqual(2);
      if (eventsOf(j, 'roundLost').some((e) => e.round === 2)) {
        lostExtras++;
        expect(j.slice(-1)).toEqual([{ type: 'ticketEnded', outcome: 'lost', prizeCents: 0 }]);
        expect(j[j.length - 2]).toMatchObject({ type: 'roundLost', round: 2 });
      }
    }
    expect(lostExtras).toBeGreaterThan(100);
  });

  it('a chosen haystack holding the Extra starts round 2 with 30 new hens and 3 picks', () => {
    const seed = findSeed((j) => eventsOf(j, 'haystackOpened').some((e) => e.extraWon));
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(seed));
    accepted(game.reveal());
    while (game.snapshot().phase === 'round') accepted(game.pick(lowestHenBot.hen(game.snapshot())));
    const before = game.snapshot();
    expect(before.phase).toBe('haystack');
    expect(before.haystack).toEqual({ offered: true, chosen: null, extraAt: null });
    expect(accepted(game.chooseHaystack(0))).toEqual([
      { type: 'haystackOpened', chosen: 0, extraAt: 0, extraWon: true },
      { type: 'roundStarted', round: 2, picksLeft: 3 },
    ]);
    const s = game.snapshot();
    expect(s.phase).toBe('round');
    expect(s.extraWon).toBe(true);
    expect(s.round).toEqual({
      round: 2,
      picksLeft: 3,
      picks: [],
      hens: new Array(30).fill(null),
      board: null,
      outcome: null,
    });
    // Round 1 stays as it ended, board and all.
    expect(s.rounds[0]).toEqual(before.round);
  });

  it("the Extra round's first pick pays A1 (3.2.5.3 applies 3.2.2)", () => {
    const j = playSeed(findSeed(extraRoundWonAt(1))).journal;
    expect(j.slice(-2)).toEqual([
      { type: 'roundWon', round: 2, prize: 'A1', prizeCents: 1000 },
      { type: 'ticketEnded', outcome: 'won', prizeCents: 1000 },
    ]);
  });

  it("the Extra round's later pick pays A2", () => {
    const j = playSeed(findSeed(extraRoundWonAt(2))).journal;
    expect(j.slice(-2)).toEqual([
      { type: 'roundWon', round: 2, prize: 'A2', prizeCents: 300 },
      { type: 'ticketEnded', outcome: 'won', prizeCents: 300 },
    ]);
  });

  it('a lost Extra round ends lost, with its full board and no second offer; no haystack can be chosen', () => {
    const game = playSeed(findSeed((j) => eventsOf(j, 'roundLost').some((e) => e.round === 2)));
    const j = game.journal;
    const lostBoard = eventsOf(j, 'roundLost')[1]!;
    expect(countElements(lostBoard.board)).toEqual({ egg: 1, chick: 17, empty: 12 });
    expect(eventsOf(j, 'haystacksOffered')).toHaveLength(1);
    expect(endOf(j)).toEqual({ type: 'ticketEnded', outcome: 'lost', prizeCents: 0 });
    expect(game.snapshot().result).toEqual({ outcome: 'lost', prize: null, prizeCents: 0 });
    const r = game.chooseHaystack(1);
    expect(r.ok ? null : r.error.code).toBe('ticket-ended');
  });

  it('a haystack without the Extra ends the ticket lost and shows where the Extra was', () => {
    const seed = findSeed((j) => eventsOf(j, 'haystackOpened').some((e) => !e.extraWon));
    const game = playSeed(seed);
    const opened = eventsOf(game.journal, 'haystackOpened')[0]!;
    expect(opened.chosen).toBe(0);
    expect(opened.extraAt).toBeGreaterThanOrEqual(1);
    expect(opened.extraAt).toBeLessThan(5);
    expect(game.journal.slice(-2)).toEqual([opened, { type: 'ticketEnded', outcome: 'lost', prizeCents: 0 }]);
    expect(game.snapshot().haystack).toEqual({ offered: true, chosen: 0, extraAt: opened.extraAt });
    expect(game.snapshot().extraWon).toBe(false);
  });

  it('every haystack outcome in the corpus agrees: Extra won iff chosen = extraAt', () => {
    let opened = 0;
    for (const j of corpus) {
      for (const h of eventsOf(j, 'haystackOpened')) {
        opened++;
        expect(h.extraWon).toBe(h.chosen === h.extraAt);
        const next = j[j.indexOf(h) + 1];
        expect(next).toEqual(
          h.extraWon
            ? { type: 'roundStarted', round: 2, picksLeft: 3 }
            : { type: 'ticketEnded', outcome: 'lost', prizeCents: 0 },
        );
      }
    }
    expect(opened).toBeGreaterThan(2000);
  });
});

describe('the rules are parameters, not constants', () => {
  const fourPicks: Rules = { ...RULES, picksAtStart: 4 };
  it('with 4 picks at the start, a lost round ends at the 4th empty cell', () => {
    const lostRounds = Array.from(
      { length: 200 },
      (_, seed) => playSeed(seed, lowestHenBot, fourPicks).journal,
    ).flatMap((j) => eventsOf(j, 'roundLost').map((l) => lifted(j, l.round)));
    expect(lostRounds.length).toBeGreaterThan(50);
    for (const picks of lostRounds) expect(countElements(picks.map((p) => p.element)).empty).toBe(4);
  });

  it('with no Extra in the rules, a lost first round ends the ticket without haystacks', () => {
    const noExtra: Rules = { ...RULES, extraRounds: 0 };
    const j = playSeed(
      findSeed((k) => eventsOf(k, 'roundLost').length > 0),
      lowestHenBot,
      noExtra,
    ).journal;
    expect(eventsOf(j, 'haystacksOffered')).toEqual([]);
    expect(j[j.length - 1]).toEqual({ type: 'ticketEnded', outcome: 'lost', prizeCents: 0 });
  });
});
