// Property tests (fast-check): any sequence of commands, legal or not, on any seeded game keeps the invariants of
// the rules, and the journal always rebuilds the same game.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockDealer } from './block';
import type { Command, GameEvent, Phase } from './events';
import { Game } from './game';
import { checkJournal, parseJournal, serializeJournal } from './journal';
import { DEFAULT_PRIZE_TABLE, parsePrizeTable } from './prize-table';
import { uniformInt } from './random-source';
import { RULES } from './rules';
import { SeededSource } from './seeded-source';
import type { GameSnapshot } from './snapshot';
import { countElements, findSeed, lowestHenBot, playToEnd, TEST_TICKET } from './test-support/play';
import { CountingSource, ThrowingSource } from './test-support/sources';

const hen = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 0, max: 29 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 30, 1.5, Number.NaN, Number.POSITIVE_INFINITY) },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Command>({ type: 'reveal' }) },
  { weight: 12, arbitrary: hen.map((h): Command => ({ type: 'pick', hen: h })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.integer({ min: -2, max: 7 }), fc.constant(Number.NaN))
      .map((h): Command => ({ type: 'chooseHaystack', haystack: h })),
  },
);

/** The phases a command may lead to from each phase. */
const NEXT: Record<Phase, readonly Phase[]> = {
  scratch: ['scratch', 'round'],
  round: ['round', 'haystack', 'ended'],
  haystack: ['haystack', 'round', 'ended'],
  ended: ['ended'],
};

/** Throws when `ok` is false. Plain checks, not expect(): this runs on every step of every run and must be cheap. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

function checkInvariants(s: GameSnapshot): void {
  check(s.rounds.length <= 1 + RULES.extraRounds, 'at most one Extra round');
  if (s.rounds.length === 2) check(s.extraWon, 'round 2 only after the Extra is won');
  if (s.extraWon) check(s.haystack.chosen === s.haystack.extraAt, 'the Extra is won under the chosen haystack');
  if (s.haystack.offered) check(s.rounds[0]!.outcome === 'lost', 'haystacks only after a lost first round');
  if (s.phase === 'haystack') check(s.rounds.length === 1, 'haystacks after round 1 only');
  check((s.amounts === null) === (s.phase === 'scratch'), 'amounts shown once revealed');
  for (const r of s.rounds) {
    check(r.hens.length === RULES.hens, '30 hens');
    const lifted = countElements(r.hens);
    // Lifted + undiscovered = 1 egg, 17 chicks, 12 empty: what is lifted never exceeds the round's elements.
    check(
      lifted.egg <= RULES.eggs && lifted.chick <= RULES.chicks && lifted.empty <= RULES.empties,
      'lifted within 1/17/12',
    );
    check(r.picks.length === lifted.egg + lifted.chick + lifted.empty, 'one pick per lifted hen');
    check(
      r.picks.every((p) => r.hens[p.hen] === p.element),
      'picks agree with the hens',
    );
    // Chicks give the pick back; empties and the egg use it. Never negative.
    check(r.picksLeft === RULES.picksAtStart - lifted.empty - lifted.egg, 'picks left = 3 - empties - egg');
    check(r.picksLeft >= 0, 'picks left never negative');
    check((r.outcome === 'won') === (lifted.egg === 1), 'won iff the egg is lifted');
    check((r.outcome === 'lost') === (r.board !== null), 'a board iff lost');
    if (r.board) {
      const board = r.board;
      const c = countElements(board);
      check(r.picksLeft === 0, 'lost with no picks left');
      check(board.length === 30 && c.egg === 1 && c.chick === 17 && c.empty === 12, 'a board of 1/17/12');
      check(
        r.hens.every((h, i) => h === null || board[i] === h),
        'the board agrees with the lifted hens',
      );
    }
  }
  if (s.result) {
    const last = s.rounds[s.rounds.length - 1]!;
    check(s.phase === 'ended', 'a result only at the end');
    check(s.result.outcome === last.outcome, 'the ticket ends as its last round');
    check(
      s.result.prizeCents === (s.result.prize === 'A1' ? 1000 : s.result.prize === 'A2' ? 300 : 0),
      'the prize pays its amount',
    );
    if (s.result.prize) check(s.result.prize === (last.picks.length === 1 ? 'A1' : 'A2'), 'A1 iff the first pick');
  } else check(s.phase !== 'ended', 'an ended game has a result');
}

describe('any sequence of commands', () => {
  // Long sequences (size 'max') and a few reveals reach every phase: in a sample of 400 runs about 230 reached the
  // haystacks, 230 the end, and 35 an Extra round.
  it('keeps the invariants; refusals change nothing and draw nothing; the journal rebuilds the same game', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.array(command, { minLength: 1, maxLength: 120, size: 'max' }),
        (seed, commands) => {
          const seeded = SeededSource.fromSeed(seed);
          const source = new CountingSource(seeded);
          const game = Game.start(TEST_TICKET, source);
          for (const c of commands) {
            const before = game.snapshot();
            const beforeText = JSON.stringify(before);
            const journalText = JSON.stringify(game.journal);
            const length = game.journal.length;
            const draws = source.calls;
            const r = game.command(c);
            if (r.ok) {
              check(game.journal.length === length + r.value.length, 'accepted events are appended');
              check(
                r.value.every((e, i) => game.journal[length + i] === e),
                'the events returned are the ones journalled',
              );
              check(JSON.stringify(game.journal.slice(0, length)) === journalText, 'the journal only grows');
              check(
                NEXT[before.phase].includes(game.snapshot().phase),
                `phase ${before.phase} → ${game.snapshot().phase}`,
              );
              if (c.type !== 'reveal') check(source.calls > draws, 'a pick or a haystack draws');
            } else {
              check(JSON.stringify(game.snapshot()) === beforeText, 'a refusal leaves the snapshot');
              check(JSON.stringify(game.journal) === journalText, 'a refusal leaves the journal');
              check(source.calls === draws, 'a refusal draws nothing');
            }
            checkInvariants(game.snapshot());
          }
          // Round trip, drawing nothing.
          const text = serializeJournal(game.journal);
          const parsed = parseJournal(text);
          if (!parsed.ok) throw new Error(parsed.error.message);
          const copy = Game.fromJournal(parsed.value, new ThrowingSource('seeded'));
          if (!copy.ok) throw new Error(copy.error.message);
          expect(copy.value.snapshot()).toEqual(game.snapshot());
          expect(copy.value.journal).toEqual(game.journal);
          // Continued with the same source state, the rebuilt game plays on exactly like the original.
          const resumed = Game.fromJournal(parsed.value, SeededSource.fromState(seeded.state()));
          if (!resumed.ok) throw new Error(resumed.error.message);
          expect(playToEnd(resumed.value, lowestHenBot).journal).toEqual(playToEnd(game, lowestHenBot).journal);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('the invariant checker itself', () => {
  it('rejects broken snapshots (so the property above can fail)', () => {
    const seed = findSeed((j) => j.some((e) => e.type === 'roundLost'));
    const good = playToEnd(Game.start(TEST_TICKET, SeededSource.fromSeed(seed)), lowestHenBot).snapshot();
    expect(() => checkInvariants(good)).not.toThrow();
    const lost = good.rounds.findIndex((r) => r.board);
    const broken: ((s: GameSnapshot) => GameSnapshot)[] = [
      (s) => ({ ...s, rounds: [...s.rounds, s.rounds[0]!, s.rounds[0]!] }),
      (s) => ({ ...s, rounds: s.rounds.map((r, i) => (i === lost ? { ...r, picksLeft: -1 } : r)) }),
      (s) => ({
        ...s,
        rounds: s.rounds.map((r, i) =>
          i === lost ? { ...r, board: r.board!.map((e) => (e === 'chick' ? 'egg' : e)) } : r,
        ),
      }),
      (s) => ({ ...s, phase: 'round' }),
    ];
    for (const b of broken) expect(() => checkInvariants(b(structuredClone(good)))).toThrow(/invariant broken/);
  });
});

describe('robustness of what reads untrusted data', () => {
  it('parseJournal and checkJournal never throw, and what they accept fromJournal folds without throwing', () => {
    const event = fc.record({
      type: fc.constantFrom<GameEvent['type']>(
        'ticketIssued',
        'scratchRevealed',
        'roundStarted',
        'henLifted',
        'roundWon',
        'roundLost',
        'haystacksOffered',
        'haystackOpened',
        'ticketEnded',
      ),
      ticket: fc.constant(TEST_TICKET),
      draws: fc.constantFrom('seeded', 'crypto'),
      a1Cents: fc.constantFrom(1000, 300, -1),
      a2Cents: fc.constantFrom(300, 1000),
      round: fc.integer({ min: 0, max: 3 }),
      picksLeft: fc.integer({ min: -1, max: 4 }),
      pick: fc.integer({ min: 0, max: 5 }),
      hen: fc.integer({ min: -1, max: 30 }),
      element: fc.constantFrom('egg', 'chick', 'empty'),
      prize: fc.constantFrom('A1', 'A2'),
      prizeCents: fc.constantFrom(0, 300, 1000),
      board: fc.array(fc.constantFrom('egg', 'chick', 'empty'), { minLength: 29, maxLength: 31 }),
      haystacks: fc.integer({ min: 4, max: 6 }),
      chosen: fc.integer({ min: -1, max: 5 }),
      extraAt: fc.integer({ min: -1, max: 5 }),
      extraWon: fc.boolean(),
      outcome: fc.constantFrom('won', 'lost'),
    });
    fc.assert(
      fc.property(fc.oneof(fc.array(event, { maxLength: 12 }), fc.jsonValue()), (data) => {
        const checked = checkJournal(data);
        expect(parseJournal(JSON.stringify(data) ?? 'null').ok).toBe(checked.ok);
        if (checked.ok) Game.fromJournal(checked.value, new ThrowingSource('seeded'));
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string(), (text) => void parseJournal(text)));
  });

  it('parsePrizeTable never throws and never accepts a table whose counts miss the block size', () => {
    const row = fc.record({
      a1Cents: fc.oneof(fc.integer(), fc.double(), fc.string()),
      a2Cents: fc.integer(),
      count: fc.integer({ min: -5, max: 300_000 }),
    });
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.record({ name: fc.string(), rows: fc.array(row, { maxLength: 4 }) })),
        (data) => {
          const r = parsePrizeTable(data);
          if (r.ok) expect(r.value.rows.reduce((a, x) => a + x.count, 0)).toBe(RULES.blockSize);
          else expect(r.error.problems.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('draws and dealing', () => {
  it('uniformInt stays in [0, n) for any n and any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer(), (n, seed) => {
        const source = SeededSource.fromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const v = uniformInt(source, n);
          expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
        }
      }),
    );
  });

  it('a dealer rebuilt from its state after any number of deals continues identically', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer(), (k, seed) => {
        const source = SeededSource.fromSeed(seed);
        const a = new BlockDealer(DEFAULT_PRIZE_TABLE);
        for (let i = 0; i < k; i++) a.deal(source);
        const b = new BlockDealer(DEFAULT_PRIZE_TABLE, a.state());
        const copy = SeededSource.fromState(source.state());
        for (let i = 0; i < 50; i++) expect(b.deal(copy)).toEqual(a.deal(source));
      }),
      { numRuns: 50 },
    );
  });
});
