/**
 * The simulator: plays N whole tickets through the game's own commands (a bot picks hens and haystacks) and sets the
 * observed frequencies beside the exact odds of src/core/odds.ts.
 *
 *   npm run simulate -- --games N [--seed S] [--table FILE] [--json]
 *
 * With --seed every draw is seeded and the run is reproducible; without it the tickets draw from crypto, as real
 * tickets do. Bad arguments or a bad table file: a message on stderr and exit code 2.
 */
import { pathToFileURL } from 'node:url';
import { BlockDealer } from '../src/core/block';
import { CryptoSource } from '../src/core/crypto-source';
import { Fraction } from '../src/core/fraction';
import { tableOdds } from '../src/core/odds';
import { playTicket } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE, type PrizeTable } from '../src/core/prize-table';
import type { RandomSource } from '../src/core/random-source';
import { RULES, type Rules } from '../src/core/rules';
import { SeededSource } from '../src/core/seeded-source';
import { integerFlag, type Output, parseFlags, stringFlag, UsageError } from './cli-args';
import { CHI_SQUARE_2DF_99, type ChiSquare, chiSquare, proportionZ, zScore } from './stats';
import { readTableFile } from './table-file';

export interface SimulateOptions {
  readonly games: number;
  /** null: crypto draws, as for real tickets. */
  readonly seed: number | null;
  readonly table?: PrizeTable;
  readonly rules?: Rules;
}

/** The five figures compared, each a probability per ticket except rtp (paid / staked). */
export interface Figures {
  /** The ticket pays A1 (the egg under a round's first hen). */
  readonly pFirstPick: number;
  /** The ticket pays A2 (the egg under a later hen). */
  readonly pLaterPick: number;
  readonly pWin: number;
  /** A lost first round, then the chosen haystack held the Extra. */
  readonly pExtra: number;
  readonly rtp: number;
}

export interface SimulationReport {
  readonly games: number;
  readonly seed: number | null;
  readonly draws: 'seeded' | 'crypto';
  readonly table: string;
  /** The table's largest amount: one such prize can move a short run's RTP by many standard errors. */
  readonly topPrizeCents: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly exact: Figures & {
    readonly rtpFraction: string;
    readonly fractions: {
      readonly pFirstPick: string;
      readonly pLaterPick: string;
      readonly pWin: string;
      readonly pExtra: string;
    };
  };
  readonly observed: Figures & {
    readonly counts: { readonly a1: number; readonly a2: number; readonly lost: number; readonly extra: number };
    readonly paidCents: number;
    readonly stakedCents: number;
  };
  /** Standard errors between observed and exact; rtp's treats tickets as independent (within a block they are
   * dealt without replacement, which makes the true spread a little smaller, so |z| errs on the large side). */
  readonly z: Figures;
  /** The outcome of each ticket, A1 / A2 / lost, against its exact law. */
  readonly chiSquare: ChiSquare & { readonly outcomes: readonly ['A1', 'A2', 'lost']; readonly critical99: number };
}

/** Seeds are 32-bit: --seed takes 0 to 2^32 − 1. */
export const MAX_SEED = 0xffff_ffff;

/**
 * The bot's own stream, apart from the game's: a seeded run stays reproducible and the bot moves no game draw.
 * S + 2^32 is out of the reach of --seed, so no run's game stream is another run's bot stream.
 */
export const botSeedFor = (seed: number): number => seed + MAX_SEED + 1;

function exactFigures(table: PrizeTable, rules: Rules) {
  const odds = tableOdds(table, rules);
  // E[payout²] per ticket, for the spread of the observed rtp.
  let secondMoment = Fraction.ZERO;
  for (const row of table.rows) {
    const a1 = Fraction.of(row.a1Cents);
    const a2 = Fraction.of(row.a2Cents);
    const perTicket = a1.mul(a1).mul(odds.pA1).add(a2.mul(a2).mul(odds.pA2));
    secondMoment = secondMoment.add(perTicket.mul(Fraction.of(row.count, rules.blockSize)));
  }
  const mean = odds.ticketPayoutCents.toNumber();
  const payoutSd = Math.sqrt(Math.max(0, secondMoment.toNumber() - mean * mean));
  return { odds, payoutSd };
}

export function simulate(options: SimulateOptions): SimulationReport {
  const { games, seed } = options;
  const table = options.table ?? DEFAULT_PRIZE_TABLE;
  const rules = options.rules ?? RULES;
  if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`games must be a whole number ≥ 1, got ${games}`);
  if (seed !== null && !(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED)) {
    throw new RangeError(`seed must be a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  }
  const source: RandomSource = seed === null ? new CryptoSource() : SeededSource.fromSeed(seed);
  const botSource =
    seed === null ? SeededSource.fromSeed(new CryptoSource().nextUint32()) : SeededSource.fromSeed(botSeedFor(seed));
  const dealer = new BlockDealer(table, undefined, rules);

  let a1 = 0;
  let a2 = 0;
  let extra = 0;
  let paidCents = 0;
  const start = performance.now();
  for (let i = 0; i < games; i++) {
    const played = playTicket(dealer, source, botSource, rules);
    if (played.prize === 'A1') a1++;
    else if (played.prize === 'A2') a2++;
    if (played.extraWon) extra++;
    paidCents += played.prizeCents;
  }
  const seconds = (performance.now() - start) / 1000;

  const { odds, payoutSd } = exactFigures(table, rules);
  const stakedCents = games * rules.ticketPriceCents;
  const exact: Figures = {
    pFirstPick: odds.pA1.toNumber(),
    pLaterPick: odds.pA2.toNumber(),
    pWin: odds.pWin.toNumber(),
    pExtra: odds.pExtra.toNumber(),
    rtp: odds.rtp.toNumber(),
  };
  const observed: Figures = {
    pFirstPick: a1 / games,
    pLaterPick: a2 / games,
    pWin: (a1 + a2) / games,
    pExtra: extra / games,
    rtp: paidCents / stakedCents,
  };
  const lost = games - a1 - a2;
  const chi = chiSquare([a1, a2, lost], [exact.pFirstPick, exact.pLaterPick, 1 - exact.pWin]);
  return {
    games,
    seed,
    draws: source.kind,
    table: table.name,
    topPrizeCents: Math.max(...table.rows.map((row) => row.a1Cents)),
    seconds,
    gamesPerSecond: Math.round(games / seconds),
    exact: {
      ...exact,
      rtpFraction: odds.rtp.toString(),
      fractions: {
        pFirstPick: odds.pA1.toString(),
        pLaterPick: odds.pA2.toString(),
        pWin: odds.pWin.toString(),
        pExtra: odds.pExtra.toString(),
      },
    },
    observed: { ...observed, counts: { a1, a2, lost, extra }, paidCents, stakedCents },
    z: {
      pFirstPick: proportionZ(observed.pFirstPick, exact.pFirstPick, games),
      pLaterPick: proportionZ(observed.pLaterPick, exact.pLaterPick, games),
      pWin: proportionZ(observed.pWin, exact.pWin, games),
      pExtra: proportionZ(observed.pExtra, exact.pExtra, games),
      rtp: zScore(observed.rtp, exact.rtp, payoutSd / rules.ticketPriceCents, games),
    },
    chiSquare: { ...chi, outcomes: ['A1', 'A2', 'lost'], critical99: CHI_SQUARE_2DF_99 },
  };
}

const signed = (z: number): string => (z >= 0 ? '+' : '') + z.toFixed(2);
const thousands = (n: number): string => n.toLocaleString('en-US');

export function formatReport(r: SimulationReport): string {
  const row = (label: string, key: keyof Figures, exactText: string, digits = 6): string =>
    `${label.padEnd(24)}${r.observed[key].toFixed(digits).padStart(12)}   ${exactText.padEnd(34)}${signed(r.z[key]).padStart(7)}`;
  const f = r.exact.fractions;
  const pct = (x: number): string => `${(x * 100).toFixed(4)} %`;
  const chi = r.chiSquare;
  const verdict = chi.statistic <= chi.critical99 ? 'consistent with the exact law at 99 %' : 'REJECTED at 99 %';
  return [
    `La poule aux œufs d'or — ${thousands(r.games)} tickets, ${r.draws} draws, seed ${r.seed === null ? 'null' : r.seed}`,
    `table: ${r.table}`,
    '',
    `${''.padEnd(24)}${'observed'.padStart(12)}   ${'exact'.padEnd(34)}${'z'.padStart(7)}`,
    row('P(pays A1, first pick)', 'pFirstPick', `${r.exact.pFirstPick.toFixed(6)} (${f.pFirstPick})`),
    row('P(pays A2, later pick)', 'pLaterPick', `${r.exact.pLaterPick.toFixed(6)} (${f.pLaterPick})`),
    row('P(ticket wins)', 'pWin', `${r.exact.pWin.toFixed(6)} (${f.pWin})`),
    row('P(Extra won)', 'pExtra', `${r.exact.pExtra.toFixed(6)} (${f.pExtra})`),
    `${'return to player'.padEnd(24)}${pct(r.observed.rtp).padStart(12)}   ${`${pct(r.exact.rtp)} (${r.exact.rtpFraction})`.padEnd(34)}${signed(r.z.rtp).padStart(7)}`,
    '',
    `outcomes A1 / A2 / lost: ${thousands(r.observed.counts.a1)} / ${thousands(r.observed.counts.a2)} / ${thousands(r.observed.counts.lost)}` +
      `; Extra won ${thousands(r.observed.counts.extra)}`,
    `chi-square (A1, A2, lost) = ${chi.statistic.toFixed(3)} on ${chi.degreesOfFreedom} df, p = ${chi.pValue?.toFixed(4) ?? 'n/a'}` +
      ` (99 % critical value ${chi.critical99.toFixed(3)}): ${verdict}`,
    `paid ${thousands(r.observed.paidCents / 100)} € of ${thousands(r.observed.stakedCents / 100)} € staked; ` +
      `one top prize (${thousands(r.topPrizeCents / 100)} €) moves this RTP by ${((100 * r.topPrizeCents) / r.observed.stakedCents).toPrecision(2)} points, ` +
      `so its z is only a guide`,
    `${thousands(r.gamesPerSecond)} games/s (${r.seconds.toFixed(2)} s)`,
  ].join('\n');
}

export const USAGE = 'usage: npm run simulate -- --games N [--seed S (0 to 4294967295)] [--table FILE] [--json]';

/** Reads the arguments into options; throws UsageError (exit 2) on any bad one, naming it. */
export function optionsFromArgs(argv: readonly string[]): { options: SimulateOptions; json: boolean } | 'help' {
  const flags = parseFlags(argv, {
    games: { takesValue: true },
    seed: { takesValue: true },
    table: { takesValue: true },
    json: { takesValue: false },
    help: { takesValue: false },
  });
  if (flags.has('help')) return 'help';
  const games = integerFlag(flags, 'games', 1);
  if (games === undefined) throw new UsageError('--games N is required (the number of tickets to play)');
  const seed = integerFlag(flags, 'seed', 0, MAX_SEED) ?? null;
  const tablePath = stringFlag(flags, 'table');
  let table: PrizeTable | undefined;
  if (tablePath !== undefined) {
    const read = readTableFile(tablePath);
    if (!read.ok) throw new UsageError(read.error);
    table = read.value;
  }
  return { options: { games, seed, ...(table ? { table } : {}) }, json: flags.has('json') };
}

/** The command line: returns the exit code (0 done, 2 bad usage or bad table file). */
export function main(argv: readonly string[], out: Output = process.stdout, errOut: Output = process.stderr): number {
  let parsed: ReturnType<typeof optionsFromArgs>;
  try {
    parsed = optionsFromArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    errOut.write(`simulate: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (parsed === 'help') {
    out.write(`${USAGE}\n`);
    return 0;
  }
  const report = simulate(parsed.options);
  out.write(`${parsed.json ? JSON.stringify(report) : formatReport(report)}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
