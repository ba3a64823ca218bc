import {
  BlockDealer,
  type Command,
  DEFAULT_PRIZE_TABLE,
  Game,
  type GameEvent,
  type GameSnapshot,
  uniformInt,
} from '../../core';
// The attract loop's demo tickets draw from their own seeded streams, never from the real tickets' source.
import { SeededSource } from '../../core/seeded-source';

/** The bot's choices come from a stream of their own (seed + 2^32), so they can never move the ticket's draws. */
const BOT_STREAM = 2 ** 32;
/** And its pauses from a third one, so the pacing never moves its choices either. */
const PACE_STREAM = 2 ** 33;

/**
 * One demo ticket of the attract loop: dealt by the real BlockDealer and played by the real Game from the seeded
 * stream of `seed`, with a deterministic bot choosing the commands. The same seed always plays the same ticket, so
 * a scene is chosen by choosing its seed — never by steering a draw.
 */
export class DemoTicket {
  readonly game: Game;
  private readonly bot: SeededSource;
  private readonly pace: SeededSource;

  constructor(readonly seed: number) {
    const source = SeededSource.fromSeed(seed);
    this.bot = SeededSource.fromSeed(seed + BOT_STREAM);
    this.pace = SeededSource.fromSeed(seed + PACE_STREAM);
    this.game = Game.start(new BlockDealer(DEFAULT_PRIZE_TABLE).deal(source), source);
  }

  /** A human's hesitation before a gesture: `min` to `min + spread` seconds. */
  thinkSeconds(min = 0.5, spread = 1.1): number {
    return min + (uniformInt(this.pace, 1000) / 1000) * spread;
  }

  /**
   * The bot's next command from what is on screen, or null once the ticket has ended. The phase is read as it is
   * (no copy of the state); only a round's hens are read from a snapshot.
   */
  next(s?: GameSnapshot): Command | null {
    switch (s?.phase ?? this.game.phase) {
      case 'scratch':
        return { type: 'reveal' };
      case 'round': {
        const down: number[] = [];
        (s ?? this.game.snapshot()).round?.hens.forEach((e, hen) => {
          e === null && down.push(hen);
        });
        return { type: 'pick', hen: down[uniformInt(this.bot, down.length)]! };
      }
      case 'haystack':
        return { type: 'chooseHaystack', haystack: uniformInt(this.bot, 5) };
      case 'ended':
        return null;
    }
  }
}

/** The rules a demo ticket can show; the loop's tickets together must show them all. */
export type DemoFeature = 'chick' | 'empty' | 'roundLostReveal' | 'extraWon' | 'extraMissed' | 'win' | 'bigWin';

export const ALL_FEATURES: readonly DemoFeature[] = [
  'chick',
  'empty',
  'roundLostReveal',
  'extraWon',
  'extraMissed',
  'win',
  'bigWin',
];

/** A win that makes people stop: 100 € or more (the top prize is 30 000 €). */
export const BIG_WIN_CENTS = 10_000;

export function featuresOf(events: readonly GameEvent[]): Set<DemoFeature> {
  const f = new Set<DemoFeature>();
  for (const e of events) {
    if (e.type === 'henLifted' && e.element !== 'egg') f.add(e.element);
    else if (e.type === 'roundLost') f.add('roundLostReveal');
    else if (e.type === 'haystackOpened') f.add(e.extraWon ? 'extraWon' : 'extraMissed');
    else if (e.type === 'ticketEnded' && e.outcome === 'won') {
      f.add('win');
      if (e.prizeCents >= BIG_WIN_CENTS) f.add('bigWin');
    }
  }
  return f;
}

/** Plays `seed`'s demo ticket to its end, headless, and returns its journal. */
export function playDemo(seed: number): readonly GameEvent[] {
  const t = new DemoTicket(seed);
  for (let c = t.next(); c; c = t.next()) {
    const r = t.game.command(c);
    if (!r.ok) throw new Error(`the demo bot's command was refused: ${r.error.message}`);
  }
  return t.game.journal;
}

/** How many hens a journal lifted: the demo's length on screen grows with it. */
export function picksOf(events: readonly GameEvent[]): number {
  return events.filter((e) => e.type === 'henLifted').length;
}

/**
 * The first seed ≥ `from` whose demo ticket shows every feature of `wanted`, in at most `maxPicks` picks (searching
 * at most `limit` seeds).
 */
export function firstSeedShowing(
  wanted: readonly DemoFeature[],
  from: number,
  limit = 20_000,
  maxPicks = Infinity,
): number | null {
  for (let seed = from; seed < from + limit; seed++) {
    const journal = playDemo(seed);
    const f = featuresOf(journal);
    if (wanted.every((w) => f.has(w)) && picksOf(journal) <= maxPicks) return seed;
  }
  return null;
}

/**
 * The default demo tickets: seeds from `from` on that together show every rule in one loop — a ticket that loses
 * its first round (chick, empty, the board revealed), finds the Extra and wins it; one that wins big (100 € or more,
 * in 3 picks at most: what the game can pay, chosen by seed like the others, never steered); then one whose haystack is
 * empty. Short ones (6, 3 and 4 picks at most) keep the loop short. Found when first needed, so a new `seedFrom` needs
 * no rebuild.
 */
export function demoSeeds(from: number): number[] {
  const extraWin = firstSeedShowing(['chick', 'empty', 'roundLostReveal', 'extraWon', 'win'], from, 20_000, 6);
  const bigWin = firstSeedShowing(['bigWin'], from, 50_000, 3);
  const miss = firstSeedShowing(['chick', 'empty', 'roundLostReveal', 'extraMissed'], from, 20_000, 4);
  return [extraWin, bigWin, miss].filter((s): s is number => s !== null);
}
