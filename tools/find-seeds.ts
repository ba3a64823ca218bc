/**
 * Finds demo seeds whose first ticket takes a known path, for the Playwright play-* specs (pinned in
 * e2e/support/seeds.ts). It replays the demo mode exactly as src/app/modes/demo-mode.ts sets it up — one seeded
 * stream for the dealer and the game, `deal` then `Game.start` then `reveal` — and picks hens in the e2e driver's order.
 *
 *   npx tsx tools/find-seeds.ts [--max 5000]
 */

import { nextHen, type PathName, type SeedPath } from '../e2e/support/seeds';
import { BlockDealer, DEFAULT_PRIZE_TABLE, type Element, Game } from '../src/core';
import { SeededSource } from '../src/core/seeded-source';

/**
 * How the driver chooses a haystack: where the Extra turned out to be ('hit'), elsewhere ('miss'), or always the same
 * one (a number). The Extra's place is drawn independently of the choice, so a seed can be pinned with its choice.
 */
type HaystackPlan = 'hit' | 'miss' | number;

interface Played {
  readonly path: SeedPath;
  readonly picks: number;
}

/** One ticket of a demo stream, played as the driver plays it. */
function playTicket(dealer: BlockDealer, source: SeededSource, seed: number, plan: HaystackPlan): Played {
  const ticket = dealer.deal(source);
  const game = Game.start(ticket, source);
  const revealed = game.reveal();
  if (!revealed.ok) throw new Error(revealed.error.message);
  let haystack: number | null = null;
  let picks = 0;
  for (;;) {
    const s = game.snapshot();
    if (s.phase === 'ended') break;
    if (s.phase === 'haystack') {
      // The Extra's place does not depend on the choice: find it with a throw-away copy of the stream.
      const probe = Game.fromJournal(game.journal, SeededSource.fromState(source.state()));
      if (!probe.ok) throw new Error(probe.error.message);
      const opened = probe.value.chooseHaystack(0);
      if (!opened.ok) throw new Error(opened.error.message);
      const first = opened.value[0];
      const extraAt = first?.type === 'haystackOpened' ? first.extraAt : 0;
      haystack = plan === 'hit' ? extraAt : plan === 'miss' ? (extraAt + 2) % 5 : plan;
      const r = game.chooseHaystack(haystack);
      if (!r.ok) throw new Error(r.error.message);
      continue;
    }
    const r = game.pick(nextHen(s.round!.hens));
    if (!r.ok) throw new Error(r.error.message);
    picks++;
  }
  const s = game.snapshot();
  const elements = s.rounds.map((r) => r.picks.map((p): Element => p.element));
  return {
    picks,
    path: {
      seed,
      haystack,
      elements,
      outcome: s.result!.outcome,
      prize: s.result!.prize,
      prizeCents: s.result!.prizeCents,
      a1Cents: ticket.a1Cents,
      a2Cents: ticket.a2Cents,
    },
  };
}

export function firstTicket(seed: number, plan: HaystackPlan): Played {
  const source = SeededSource.fromSeed(seed);
  return playTicket(new BlockDealer(DEFAULT_PRIZE_TABLE), source, seed, plan);
}

/** The first `count` tickets of a seed, the driver always choosing haystack `plan`. */
export function firstTickets(seed: number, count: number, plan: HaystackPlan): Played[] {
  const source = SeededSource.fromSeed(seed);
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  return Array.from({ length: count }, () => playTicket(dealer, source, seed, plan));
}

const has = (els: readonly Element[], e: Element): boolean => els.includes(e);

/** What each path asks of a first ticket; among the fits, fewer picks is better (shorter tests). */
const WANTED: Record<PathName, { plan: HaystackPlan; fits: (p: SeedPath) => boolean }> = {
  firstPickWin: { plan: 'miss', fits: (p) => p.prize === 'A1' && p.elements.length === 1 },
  // A chick (its +1) and an empty nest on the way to the egg.
  laterPickWin: {
    plan: 'miss',
    fits: (p) =>
      p.prize === 'A2' && p.elements.length === 1 && has(p.elements[0]!, 'chick') && has(p.elements[0]!, 'empty'),
  },
  lostNoExtra: {
    plan: 'miss',
    fits: (p) => p.outcome === 'lost' && p.elements.length === 1 && has(p.elements[0]!, 'chick'),
  },
  lostExtraWon: { plan: 'hit', fits: (p) => p.outcome === 'won' && p.elements.length === 2 },
  lostExtraLost: { plan: 'hit', fits: (p) => p.outcome === 'lost' && p.elements.length === 2 },
};

function main(): void {
  const maxArg = process.argv.indexOf('--max');
  const max = maxArg > 0 ? Number(process.argv[maxArg + 1]) : 5000;
  for (const [name, want] of Object.entries(WANTED) as [PathName, (typeof WANTED)[PathName]][]) {
    const found: Played[] = [];
    for (let seed = 1; seed <= max && found.length < 40; seed++) {
      const p = firstTicket(seed, want.plan);
      if (want.fits(p.path)) found.push(p);
    }
    found.sort((a, b) => a.picks - b.picks || a.path.seed - b.path.seed);
    console.log(`${name}: ${found.length} fits in seeds 1..${max}; shortest:`);
    for (const p of found.slice(0, 3)) console.log(`  ${p.picks} picks`, JSON.stringify(p.path));
  }
  // Ten lost tickets in a row, the driver always choosing haystack 0: the balance falls from 20 € to 0 €.
  const losing: { seed: number; picks: number }[] = [];
  for (let seed = 1; seed <= max && losing.length < 40; seed++) {
    const ts = firstTickets(seed, 10, 0);
    if (ts.every((t) => t.path.outcome === 'lost')) losing.push({ seed, picks: ts.reduce((n, t) => n + t.picks, 0) });
  }
  losing.sort((a, b) => a.picks - b.picks);
  console.log(`tenLosses (haystack 0 always): shortest ${JSON.stringify(losing.slice(0, 3))}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) main();
