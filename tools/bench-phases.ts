/**
 * Where the time of one ticket goes: the bench plays tickets once more with a clock read around each command.
 * The loop below is playTicket's (src/core/play-ticket.ts) with timers added; it is kept apart so the timed path
 * of the game carries no instrumentation at all.
 */
import { BlockDealer } from '../src/core/block';
import { chooseHaystack, chooseHen } from '../src/core/bot';
import { CRYPTO_BATCH, CryptoSource } from '../src/core/crypto-source';
import type { GameError, GameEvent } from '../src/core/events';
import { Game } from '../src/core/game';
import { playTicket } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../src/core/prize-table';
import { uniformInt, type DrawKind, type RandomSource } from '../src/core/random-source';
import type { Result } from '../src/core/result';
import { RULES } from '../src/core/rules';
import { SeededSource } from '../src/core/seeded-source';

export interface PhaseReport {
  readonly draws: DrawKind;
  readonly tickets: number;
  /** What one reading of the clock adds to a timed phase; removed from each phase below. */
  readonly timerNs: number;
  /** Nanoseconds per ticket in each phase. */
  readonly dealNs: number;
  readonly startNs: number;
  readonly revealNs: number;
  readonly picksNs: number;
  readonly losingPicksNs: number;
  readonly haystackNs: number;
  /** A whole ticket without timers (from the throughput runs), and what the phases leave of it. */
  readonly totalNs: number;
  readonly restNs: number;
  readonly picksPerTicket: number;
  /** One pick that does not lose its round. */
  readonly pickNs: number;
  readonly lostRoundsPerTicket: number;
  /** A losing pick less an ordinary one: the board's draw (art. 3.2.6), its check and the haystacks' offer. */
  readonly boardNs: number;
  readonly coreDrawsPerTicket: number;
  readonly botDrawsPerTicket: number;
  /** One uniformInt from this kind of source. */
  readonly drawNs: number;
  readonly refillValues: number;
  readonly refillNs: number;
  readonly refillNsPerTicket: number;
}

const sourceOf = (draws: DrawKind, seed: number): RandomSource =>
  draws === 'crypto' ? new CryptoSource() : SeededSource.fromSeed(seed);

function accepted(r: Result<readonly GameEvent[], GameError>): readonly GameEvent[] {
  if (!r.ok) throw new Error(`the bot's command was refused: ${r.error.message}`);
  return r.value;
}

/** Mean nanoseconds that a pair of clock readings adds around nothing. */
function timerCost(): number {
  const n = 200_000;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    total += performance.now() - t0;
  }
  return (total / n) * 1e6;
}

/** A source that counts what is drawn from it. */
class Counted implements RandomSource {
  count = 0;
  readonly kind: DrawKind;
  constructor(private readonly inner: RandomSource) {
    this.kind = inner.kind;
  }
  nextUint32(): number {
    this.count++;
    return this.inner.nextUint32();
  }
}

function drawsPerTicket(draws: DrawKind): { core: number; bot: number } {
  const tickets = 20_000;
  const core = new Counted(sourceOf(draws, 3));
  const bot = new Counted(SeededSource.fromSeed(4));
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  for (let i = 0; i < tickets; i++) playTicket(dealer, core, bot);
  return { core: core.count / tickets, bot: bot.count / tickets };
}

/** Nanoseconds of one uniformInt over the ranges a ticket uses (2 to 30). */
function drawCost(draws: DrawKind): number {
  const source = sourceOf(draws, 5);
  const n = 2_000_000;
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sink += uniformInt(source, 2 + (i % 29));
  const ns = ((performance.now() - t0) / n) * 1e6;
  if (sink < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return ns;
}

function refillCost(): number {
  const buffer = new Uint32Array(CRYPTO_BATCH);
  const n = 20_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) globalThis.crypto.getRandomValues(buffer);
  return ((performance.now() - t0) / n) * 1e6;
}

export function measurePhases(draws: DrawKind, tickets: number, untimedTicketsPerSecond: number): PhaseReport {
  const timerNs = timerCost();
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  const source = sourceOf(draws, 1);
  const bot = SeededSource.fromSeed(2);
  let deal = 0;
  let start = 0;
  let reveal = 0;
  let picks = 0;
  let losingPicks = 0;
  let haystack = 0;
  let haystackCount = 0;
  let pickCount = 0;
  let lostRounds = 0;
  const allHens = Array.from({ length: RULES.hens }, (_, hen) => hen);

  for (let t = 0; t < tickets; t++) {
    let t0 = performance.now();
    const ticket = dealer.deal(source);
    let t1 = performance.now();
    deal += t1 - t0;
    const game = Game.start(ticket, source);
    t0 = performance.now();
    start += t0 - t1;
    let events = accepted(game.reveal());
    t1 = performance.now();
    reveal += t1 - t0;
    let hensDown = allHens.slice();
    let ended = false;
    while (!ended) {
      let offered = false;
      let lost = false;
      for (const e of events) {
        if (e.type === 'roundStarted') hensDown = allHens.slice();
        else if (e.type === 'henLifted') {
          const at = hensDown.indexOf(e.hen);
          hensDown[at] = hensDown[hensDown.length - 1]!;
          hensDown.pop();
        } else if (e.type === 'haystacksOffered') offered = true;
        else if (e.type === 'ticketEnded') ended = true;
      }
      if (ended) break;
      if (offered) {
        const choice = chooseHaystack(RULES.haystacks, bot);
        t0 = performance.now();
        events = accepted(game.chooseHaystack(choice));
        haystack += performance.now() - t0;
        haystackCount++;
        continue;
      }
      const hen = chooseHen(hensDown, bot);
      t0 = performance.now();
      events = accepted(game.pick(hen));
      t1 = performance.now();
      for (const e of events) if (e.type === 'roundLost') lost = true;
      if (lost) {
        losingPicks += t1 - t0;
        lostRounds++;
      } else {
        picks += t1 - t0;
        pickCount++;
      }
    }
  }

  // Milliseconds summed over `count` timed phases → nanoseconds per ticket, less the clock's own cost.
  const perTicket = (ms: number, count: number): number => Math.max(0, (ms * 1e6 - count * timerNs) / tickets);
  const dealNs = perTicket(deal, tickets);
  const startNs = perTicket(start, tickets);
  const revealNs = perTicket(reveal, tickets);
  const picksNs = perTicket(picks, pickCount);
  const losingPicksNs = perTicket(losingPicks, lostRounds);
  const haystackNs = perTicket(haystack, haystackCount);
  const totalNs = 1e9 / untimedTicketsPerSecond;
  const pickNs = pickCount ? (picksNs * tickets) / pickCount : 0;
  const losingNs = lostRounds ? (losingPicksNs * tickets) / lostRounds : 0;
  const counts = drawsPerTicket(draws);
  const refillNs = refillCost();
  return {
    draws,
    tickets,
    timerNs,
    dealNs,
    startNs,
    revealNs,
    picksNs,
    losingPicksNs,
    haystackNs,
    totalNs,
    restNs: totalNs - (dealNs + startNs + revealNs + picksNs + losingPicksNs + haystackNs),
    picksPerTicket: pickCount / tickets,
    pickNs,
    lostRoundsPerTicket: lostRounds / tickets,
    boardNs: Math.max(0, losingNs - pickNs),
    coreDrawsPerTicket: counts.core,
    botDrawsPerTicket: counts.bot,
    drawNs: drawCost(draws),
    refillValues: CRYPTO_BATCH,
    refillNs,
    refillNsPerTicket: draws === 'crypto' ? (refillNs * counts.core) / CRYPTO_BATCH : 0,
  };
}
