import type { GameError, GameEvent } from '../events';
import { Game } from '../game';
import { type RandomSource, uniformInt } from '../random-source';
import type { Result } from '../result';
import { RULES, type Rules } from '../rules';
import { SeededSource } from '../seeded-source';
import type { GameSnapshot } from '../snapshot';
import type { Ticket } from '../ticket';

/** A ticket for tests: A1 and A2 differ, so a test can tell which was paid. */
export const TEST_TICKET: Ticket = Object.freeze({
  serial: Object.freeze({ block: 1, index: 1 }),
  a1Cents: 1000,
  a2Cents: 300,
});

/** The events of an accepted command; a refusal fails the test with its message. */
export function accepted(r: Result<readonly GameEvent[], GameError>): readonly GameEvent[] {
  if (!r.ok) throw new Error(`command refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The player in tests: which hen to lift and which haystack to open, given what is on screen. */
export interface TestBot {
  hen(s: GameSnapshot): number;
  haystack(s: GameSnapshot): number;
}

/** Always the first hen still down and haystack 0: deterministic, and the draws do not depend on it. */
export const lowestHenBot: TestBot = {
  hen: (s) => s.round!.hens.indexOf(null),
  haystack: () => 0,
};

/** Any hen still down and any haystack, uniformly, from its own seeded source (never the game's). */
export function randomBot(seed: number, haystacks = RULES.haystacks): TestBot {
  const own = SeededSource.fromSeed(seed);
  return {
    hen: (s) => {
      const down = s.round!.hens.flatMap((h, i) => (h === null ? [i] : []));
      return down[uniformInt(own, down.length)]!;
    },
    haystack: () => uniformInt(own, haystacks),
  };
}

/** Sends the bot's commands until the ticket ends; returns the game. */
export function playToEnd(game: Game, bot: TestBot = lowestHenBot): Game {
  for (let s = game.snapshot(); s.phase !== 'ended'; s = game.snapshot()) {
    if (s.phase === 'scratch') accepted(game.reveal());
    else if (s.phase === 'round') accepted(game.pick(bot.hen(s)));
    else accepted(game.chooseHaystack(bot.haystack(s)));
  }
  return game;
}

/** A whole ticket played from a seed. */
export function playSeed(seed: number, bot: TestBot = lowestHenBot, rules: Rules = RULES, source?: RandomSource): Game {
  return playToEnd(Game.start(TEST_TICKET, source ?? SeededSource.fromSeed(seed), rules), bot);
}

/**
 * The first seed from `from` whose game (played by `bot`) shows the wanted path. Scenarios are found this way, never
 * by forcing a draw, so every test plays real draws through the real code.
 */
export function findSeed(
  wanted: (journal: readonly GameEvent[]) => boolean,
  bot: TestBot = lowestHenBot,
  from = 0,
  limit = 100_000,
): number {
  for (let seed = from; seed < from + limit; seed++) {
    if (wanted(playSeed(seed, bot).journal)) return seed;
  }
  throw new Error(`no seed in ${from}..${from + limit - 1} shows the wanted path`);
}

/** The events of one type, narrowed. */
export function eventsOf<T extends GameEvent['type']>(
  journal: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return journal.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

/** The ticket's end event (every played-out journal has exactly one). */
export function endOf(journal: readonly GameEvent[]): Extract<GameEvent, { type: 'ticketEnded' }> {
  const ends = eventsOf(journal, 'ticketEnded');
  if (ends.length !== 1) throw new Error(`${ends.length} ticketEnded events`);
  return ends[0]!;
}

/** Counts of each element in a list of elements. */
export function countElements(list: readonly (string | null)[]): { egg: number; chick: number; empty: number } {
  const c = { egg: 0, chick: 0, empty: 0 };
  for (const e of list) if (e === 'egg' || e === 'chick' || e === 'empty') c[e]++;
  return c;
}
