// The draws of the game, measured with fixed seeds (so every run gives the same figures): the board of a lost round,
// the haystack, the pick, the shuffle, and P(win). Each test is paired with a planted fault that the same code rejects.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { Game } from './game';
import { ticketOdds } from './odds';
import { type RandomSource, uniformInt } from './random-source';
import { type Element, RULES, type Rules } from './rules';
import { SeededSource } from './seeded-source';
import { goodnessOfFit, independence, tally } from './test-support/chi-square';
import {
  accepted,
  eventsOf,
  findSeed,
  lowestHenBot,
  playSeed,
  playToEnd,
  randomBot,
  TEST_TICKET,
} from './test-support/play';

const KINDS: readonly Element[] = ['egg', 'chick', 'empty'];

/** Boards of lost rounds from `tickets` games sharing one seeded source. */
function lostBoards(tickets: number, seed: number, bot = randomBot(seed + 1)): (readonly Element[])[] {
  const source = SeededSource.fromSeed(seed);
  const boards: (readonly Element[])[] = [];
  for (let i = 0; i < tickets; i++) {
    for (const e of playToEnd(Game.start(TEST_TICKET, source), bot).journal)
      if (e.type === 'roundLost') boards.push(e.board);
  }
  return boards;
}

describe('the board of a lost round (art. 3.2.6)', () => {
  const boards = lostBoards(25_000, 101);

  it('puts the egg under each of the 30 hens equally often', () => {
    expect(boards.length).toBeGreaterThan(20_000);
    const r = goodnessOfFit(
      tally(
        30,
        boards.length,
        (() => {
          let i = 0;
          return () => boards[i++]!.indexOf('egg');
        })(),
      ),
    );
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('gives every hen the same chances of egg, chick and empty (hen × element independent)', () => {
    const table = Array.from({ length: 30 }, (_, hen) => KINDS.map((k) => boards.filter((b) => b[hen] === k).length));
    const r = independence(table);
    expect(r.df).toBe(58);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('the same test rejects egg positions that are not uniform (a bot that always lifts the lowest hens)', () => {
    // The egg is never under a hen lifted in a lost round, so hens 0–2 never hold it on these boards.
    const skewed = lostBoards(3_000, 101, lowestHenBot);
    const r = goodnessOfFit(
      tally(
        30,
        skewed.length,
        (() => {
          let i = 0;
          return () => skewed[i++]!.indexOf('egg');
        })(),
      ),
    );
    expect(r.accepted).toBe(false);
  });
});

describe('the Fisher–Yates shuffle of the undiscovered elements, exhaustively on small rounds', () => {
  /** Plays `games` one-pick rounds of `rules` lifting `hen`; counts each arrangement of the other hens on lost boards. */
  function arrangements(rules: Rules, hen: number, games: number, seed: number): Map<string, number> {
    const source = SeededSource.fromSeed(seed);
    const seen = new Map<string, number>();
    for (let i = 0; i < games; i++) {
      const game = Game.start(TEST_TICKET, source, rules);
      accepted(game.reveal());
      const lost = accepted(game.pick(hen)).find((e) => e.type === 'roundLost');
      if (lost?.type !== 'roundLost') continue;
      const key = lost.board.filter((_, h) => h !== hen).join(',');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return seen;
  }
  const distinctOrders = (items: readonly string[]): string[] =>
    items.length <= 1
      ? [items.join(',')]
      : [
          ...new Set(
            items.flatMap((x, i) =>
              distinctOrders([...items.slice(0, i), ...items.slice(i + 1)]).map((r) => (r ? `${x},${r}` : x)),
            ),
          ),
        ];

  it('an egg, a chick and an empty cell under 3 hens: all 6 orderings equally often', () => {
    const tiny: Rules = { ...RULES, hens: 4, eggs: 1, chicks: 1, empties: 2, picksAtStart: 1 };
    const seen = arrangements(tiny, 0, 120_000, 7);
    const orders = distinctOrders(['egg', 'chick', 'empty']);
    expect(orders).toHaveLength(6);
    expect([...seen.keys()].sort()).toEqual([...orders].sort());
    const r = goodnessOfFit(orders.map((o) => seen.get(o) ?? 0));
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('egg, chick, empty, empty under 4 hens around a lifted middle hen: all 12 arrangements equally often', () => {
    const tiny: Rules = { ...RULES, hens: 5, eggs: 1, chicks: 1, empties: 3, picksAtStart: 1 };
    const seen = arrangements(tiny, 2, 120_000, 8);
    const orders = distinctOrders(['egg', 'chick', 'empty', 'empty']);
    expect(orders).toHaveLength(12);
    expect([...seen.keys()].sort()).toEqual([...orders].sort());
    const r = goodnessOfFit(orders.map((o) => seen.get(o) ?? 0));
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('the same test rejects planted faulty shuffles (an off-by-one loop bound; Sattolo’s j < i)', () => {
    const orders = distinctOrders(['egg', 'chick', 'empty']);
    const shuffleWith = (bound: number, exclusive: boolean, source: RandomSource): string => {
      const bag = ['egg', 'chick', 'empty'];
      for (let i = bag.length - 1; i > bound; i--) {
        const j = uniformInt(source, exclusive ? i : i + 1);
        [bag[i], bag[j]] = [bag[j]!, bag[i]!];
      }
      return bag.join(',');
    };
    const faults: [number, boolean][] = [
      [1, false],
      [0, true],
    ];
    const correct: [number, boolean] = [0, false];
    for (const [bound, exclusive] of [...faults, correct]) {
      const source = SeededSource.fromSeed(9);
      const r = goodnessOfFit(tally(6, 60_000, () => orders.indexOf(shuffleWith(bound, exclusive, source))));
      expect(r.accepted).toBe(bound === correct[0] && exclusive === correct[1]);
    }
  });
});

describe('the haystack (art. 3.2.5.2)', () => {
  // A real journal that has just offered the haystacks; each trial resumes it and opens one haystack.
  const seed = findSeed((j) => j.some((e) => e.type === 'haystacksOffered'));
  const offered = (() => {
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(seed));
    for (let s = game.snapshot(); s.phase !== 'haystack'; s = game.snapshot()) {
      if (s.phase === 'scratch') accepted(game.reveal());
      else accepted(game.pick(lowestHenBot.hen(s)));
    }
    return game.journal;
  })();

  function openings(
    trials: number,
    open: (game: Game, chosen: number, source: RandomSource) => readonly GameEvent[],
  ): number[][] {
    const source = SeededSource.fromSeed(55);
    const table = Array.from({ length: 5 }, () => new Array<number>(5).fill(0));
    for (let i = 0; i < trials; i++) {
      const resumed = Game.fromJournal(offered, source);
      if (!resumed.ok) throw new Error(resumed.error.message);
      const opened = open(resumed.value, i % 5, source).find((e) => e.type === 'haystackOpened');
      if (opened?.type !== 'haystackOpened') throw new Error('no haystack opened');
      table[opened.chosen]![opened.extraAt]!++;
    }
    return table;
  }
  const table = openings(50_000, (game, chosen) => accepted(game.chooseHaystack(chosen)));

  it('hides the Extra under each of the 5 haystacks with probability 1/5', () => {
    const byPlace = [0, 1, 2, 3, 4].map((at) => table.reduce((a, row) => a + row[at]!, 0));
    const r = goodnessOfFit(byPlace);
    expect(r.df).toBe(4);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('independently of the haystack chosen (chosen × extraAt)', () => {
    const r = independence(table);
    expect(r.df).toBe(16);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('the same test rejects a planted draw that avoids the chosen haystack once', () => {
    // A rigged house: when the draw lands on the player's haystack, it draws again.
    const rigged = (chosen: number, source: RandomSource): number => {
      const first = uniformInt(source, 5);
      return first === chosen ? uniformInt(source, 5) : first;
    };
    const source = SeededSource.fromSeed(55);
    const t = Array.from({ length: 5 }, () => new Array<number>(5).fill(0));
    for (let i = 0; i < 50_000; i++) t[i % 5]![rigged(i % 5, source)]!++;
    expect(independence(t).accepted).toBe(false);
  });
});

describe('the pick (art. 3.2.3.1)', () => {
  const roundStart: readonly GameEvent[] = [
    { type: 'ticketIssued', ticket: TEST_TICKET, draws: 'seeded' },
    { type: 'scratchRevealed', a1Cents: 1000, a2Cents: 300 },
    { type: 'roundStarted', round: 1, picksLeft: 3 },
  ];
  function firstPicks(trials: number, element: (game: Game, hen: number) => Element): number[][] {
    const table = Array.from({ length: 30 }, () => [0, 0, 0]);
    for (let i = 0; i < trials; i++) {
      const hen = i % 30;
      const resumed = Game.fromJournal(roundStart, source);
      if (!resumed.ok) throw new Error(resumed.error.message);
      table[hen]![KINDS.indexOf(element(resumed.value, hen))]!++;
    }
    return table;
  }
  const source = SeededSource.fromSeed(77);
  const lift = (game: Game, hen: number): Element => {
    const e = accepted(game.pick(hen))[0];
    if (e?.type !== 'henLifted') throw new Error('no hen lifted');
    return e.element;
  };
  const table = firstPicks(90_000, lift);

  it('finds egg, chick and empty with probabilities 1/30, 17/30, 12/30', () => {
    const totals = KINDS.map((_, k) => table.reduce((a, row) => a + row[k]!, 0));
    const r = goodnessOfFit(totals, [1 / 30, 17 / 30, 12 / 30]);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('whatever hen is chosen (hen × element independent)', () => {
    const r = independence(table);
    expect(r.df).toBe(58);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('the same test rejects a planted draw where hen 7 never hides the egg', () => {
    const rigged = firstPicks(90_000, (game, hen) => {
      for (;;) {
        const e = lift(game, hen);
        if (!(hen === 7 && e === 'egg')) return e;
        // Re-roll from a fresh copy of the round, as a cheating draw would.
        const again = Game.fromJournal(roundStart, source);
        if (!again.ok) throw new Error(again.error.message);
        game = again.value;
      }
    });
    expect(independence(rigged).accepted).toBe(false);
  });
});

describe('whole tickets against the exact odds', () => {
  // 200,000 tickets from one fixed seed; every figure within 3 standard errors of the exact value.
  const N = 200_000;
  const source = SeededSource.fromSeed(45169);
  let a1 = 0;
  let a2 = 0;
  let extras = 0;
  for (let i = 0; i < N; i++) {
    const j = playToEnd(Game.start(TEST_TICKET, source)).journal;
    const won = eventsOf(j, 'roundWon')[0];
    if (won?.prize === 'A1') a1++;
    if (won?.prize === 'A2') a2++;
    if (eventsOf(j, 'haystackOpened')[0]?.extraWon) extras++;
  }
  const exact = ticketOdds();
  const within3se = (hits: number, p: number): void => {
    const se = Math.sqrt((p * (1 - p)) / N);
    expect(Math.abs(hits / N - p), `observed ${hits / N}, exact ${p}, se ${se}`).toBeLessThan(3 * se);
  };
  it('P(win) is within 3 standard errors of 45/169', () => {
    expect(exact.pWin.toString()).toBe('45/169');
    within3se(a1 + a2, 45 / 169);
  });
  it('P(A1), P(A2) and P(Extra) are within 3 standard errors of 1/26, 77/338, 2/13', () => {
    within3se(a1, exact.pA1.toNumber());
    within3se(a2, exact.pA2.toNumber());
    within3se(extras, exact.pExtra.toNumber());
  });
  it('a seeded ticket replays identically from its seed (the statistics above are deterministic)', () => {
    expect(playSeed(3).journal).toEqual(playSeed(3).journal);
  });
});
