// Every illegal command is refused with its typed error, and a refusal changes nothing: not the journal, not the
// snapshot, and it makes no draw.
import { describe, expect, it } from 'vitest';
import type { Command, GameErrorCode, GameEvent } from './events';
import { Game } from './game';
import { SeededSource } from './seeded-source';
import type { GameSnapshot } from './snapshot';
import { accepted, eventsOf, findSeed, lowestHenBot, TEST_TICKET } from './test-support/play';
import { CountingSource } from './test-support/sources';

interface Table {
  readonly game: Game;
  readonly source: CountingSource;
}

/** A seeded game driven by the lowest-hen bot until `stop` says so (or it ends). */
function drive(seed: number, stop: (s: GameSnapshot) => boolean): Table {
  const source = new CountingSource(SeededSource.fromSeed(seed));
  const game = Game.start(TEST_TICKET, source);
  for (let s = game.snapshot(); !stop(s) && s.phase !== 'ended'; s = game.snapshot()) {
    if (s.phase === 'scratch') accepted(game.reveal());
    else if (s.phase === 'round') accepted(game.pick(lowestHenBot.hen(s)));
    else accepted(game.chooseHaystack(lowestHenBot.haystack(s)));
  }
  return { game, source };
}

function expectRefused({ game, source }: Table, command: Command, code: GameErrorCode): void {
  const journal = structuredClone(game.journal);
  const snapshot = game.snapshot();
  const draws = source.calls;
  const r = game.command(command);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  expect(r.error.message.length).toBeGreaterThan(5);
  expect(game.journal).toEqual(journal);
  expect(game.snapshot()).toEqual(snapshot);
  expect(source.calls).toBe(draws);
}

const pick = (hen: number): Command => ({ type: 'pick', hen });
const haystack = (i: number): Command => ({ type: 'chooseHaystack', haystack: i });
const reveal: Command = { type: 'reveal' };
const BAD_HENS = [-1, 30, 31, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5, 2 ** 53];
const BAD_HAYSTACKS = [-1, 5, 6, 2.5, Number.NaN, Number.NEGATIVE_INFINITY];

const has =
  (type: GameEvent['type'], test: (e: GameEvent) => boolean = () => true) =>
  (j: readonly GameEvent[]) =>
    j.some((e) => e.type === type && test(e));
const SEED_HAYSTACK = findSeed(has('haystacksOffered'));
const SEED_EXTRA = findSeed(has('haystackOpened', (e) => e.type === 'haystackOpened' && e.extraWon));
const SEED_MISS = findSeed(has('haystackOpened', (e) => e.type === 'haystackOpened' && !e.extraWon));
const SEED_WON = findSeed(has('roundWon'));
const SEED_EXTRA_LOST = findSeed(has('roundLost', (e) => e.type === 'roundLost' && e.round === 2));

describe('before the scratch zone is revealed', () => {
  const at = () => drive(1, (s) => s.phase === 'scratch');
  it.each([0, 29, -1, Number.NaN])('pick(%s) is refused: not-revealed', (hen) =>
    expectRefused(at(), pick(hen), 'not-revealed'),
  );
  it('a haystack is refused: haystack-not-offered', () => expectRefused(at(), haystack(0), 'haystack-not-offered'));
});

describe('during a round', () => {
  // One hen already lifted, round still in play.
  const at = () => drive(3, (s) => (s.round?.picks.length ?? 0) >= 1);
  it('starts where the tests expect', () => {
    const s = at().game.snapshot();
    expect(s.phase).toBe('round');
    expect(s.round!.hens[0]).not.toBeNull();
  });
  it('revealing twice is refused: already-revealed', () => expectRefused(at(), reveal, 'already-revealed'));
  it.each(BAD_HENS)('pick(%s) is refused: hen-out-of-range', (hen) =>
    expectRefused(at(), pick(hen), 'hen-out-of-range'),
  );
  it('a hen already lifted is refused: hen-already-lifted', () => expectRefused(at(), pick(0), 'hen-already-lifted'));
  it('a haystack during a round is refused: haystack-not-offered', () =>
    expectRefused(at(), haystack(0), 'haystack-not-offered'));
});

describe('while the haystacks are offered', () => {
  const at = () => drive(SEED_HAYSTACK, (s) => s.phase === 'haystack');
  it('starts where the tests expect', () => expect(at().game.snapshot().phase).toBe('haystack'));
  it.each([0, 29, 5, -1])('pick(%s) is refused: no-round-in-play', (hen) =>
    expectRefused(at(), pick(hen), 'no-round-in-play'),
  );
  it.each(BAD_HAYSTACKS)('haystack %s is refused: haystack-out-of-range', (i) =>
    expectRefused(at(), haystack(i), 'haystack-out-of-range'),
  );
  it('revealing again is refused: already-revealed', () => expectRefused(at(), reveal, 'already-revealed'));
});

describe('in the Extra round', () => {
  const at = () => drive(SEED_EXTRA, (s) => s.round?.round === 2);
  it('a second haystack is refused: haystack-not-offered', () => {
    const t = at();
    expect(t.game.snapshot().round?.round).toBe(2);
    expectRefused(t, haystack(0), 'haystack-not-offered');
    expectRefused(t, haystack(3), 'haystack-not-offered');
  });
  it('the hens of round 1 are down again in round 2', () => {
    const t = at();
    const r = t.game.pick(0);
    expect(r.ok && r.value[0]).toMatchObject({ type: 'henLifted', round: 2, pick: 1, hen: 0 });
  });
});

describe('after the end of the ticket', () => {
  const ends = { won: SEED_WON, 'haystack missed': SEED_MISS, 'Extra round lost': SEED_EXTRA_LOST };
  describe.each(Object.entries(ends))('%s', (_, seed) => {
    const at = () => drive(seed, () => false);
    it('has ended', () => expect(at().game.snapshot().phase).toBe('ended'));
    it.each([reveal, pick(0), pick(29), pick(-1), pick(Number.NaN), haystack(0), haystack(4), haystack(9)])(
      '%o is refused: ticket-ended',
      (c) => expectRefused(at(), c, 'ticket-ended'),
    );
  });
});

describe('a refusal leaves no trace in what follows', () => {
  it('a game pelted with illegal commands plays exactly like the same seed without them', () => {
    for (const seed of [SEED_EXTRA, SEED_EXTRA_LOST, SEED_MISS, SEED_WON, 11, 12]) {
      const clean = drive(seed, () => false).game.journal;
      const source = new CountingSource(SeededSource.fromSeed(seed));
      const game = Game.start(TEST_TICKET, source);
      const pelt = (): void => {
        const s = game.snapshot();
        const lifted = s.round?.hens.findIndex((h) => h !== null) ?? -1;
        for (const c of [
          pick(-1),
          pick(30),
          pick(Number.NaN),
          haystack(7),
          haystack(-1),
          pick(Math.max(lifted, 0)),
          haystack(0),
          reveal,
        ]) {
          // Only the commands that are illegal right now.
          const legal =
            (c.type === 'reveal' && s.phase === 'scratch') ||
            (c.type === 'pick' &&
              s.phase === 'round' &&
              Number.isInteger(c.hen) &&
              c.hen >= 0 &&
              c.hen < 30 &&
              s.round!.hens[c.hen] === null) ||
            (c.type === 'chooseHaystack' &&
              s.phase === 'haystack' &&
              Number.isInteger(c.haystack) &&
              c.haystack >= 0 &&
              c.haystack < 5);
          if (!legal) expect(game.command(c).ok).toBe(false);
        }
      };
      for (let s = game.snapshot(); s.phase !== 'ended'; s = game.snapshot()) {
        pelt();
        if (s.phase === 'scratch') accepted(game.reveal());
        else if (s.phase === 'round') accepted(game.pick(lowestHenBot.hen(s)));
        else accepted(game.chooseHaystack(0));
      }
      pelt();
      expect(game.journal).toEqual(clean);
      expect(eventsOf(game.journal, 'ticketEnded')).toHaveLength(1);
    }
  });
});
