/**
 * The core's throughput in whole tickets per second, through the path the game uses: BlockDealer.deal, Game.start,
 * reveal, picks and the haystack choice (playTicketWith). Medians of several runs, with crypto draws (real tickets)
 * and with seeded draws, each with two players: the random bot (its own draws, about 8 a ticket, and its list of
 * hens cost time too) and a player that lifts the lowest hen down and opens haystack 0, drawing nothing: the core's
 * own cost (fair, since the game's draws do not depend on the choices). Then where the time of one ticket goes.
 *
 *   npm run bench [-- --runs 7 --seconds 1]
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { BlockDealer } from '../src/core/block';
import type { Player } from '../src/core/bot';
import { CryptoSource } from '../src/core/crypto-source';
import { playTicketWith } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../src/core/prize-table';
import type { DrawKind, RandomSource } from '../src/core/random-source';
import { SeededSource } from '../src/core/seeded-source';
import { measurePhases, newPlayer, type PhaseReport, type PlayerKind } from './bench-phases';
import { integerFlag, type Output, parseFlags, secondsFlag, UsageError } from './cli-args';

export const TARGET_TICKETS_PER_SECOND = 1_000_000;

export interface Throughput {
  readonly draws: DrawKind;
  readonly player: PlayerKind;
  /** Tickets per second of wall-clock time, each run in the order run. */
  readonly runs: readonly number[];
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** Tickets per second of the process's CPU time (user + system) in the same runs: what one core does when
   * other processes share the machine, as they do on a shared two-core box. */
  readonly cpuRuns: readonly number[];
  readonly cpuMedian: number;
}

export interface BenchReport {
  readonly node: string;
  readonly v8: string;
  readonly cpu: string;
  readonly cpus: number;
  /** os.loadavg() at the start and at the end: 1, 5 and 15 minutes. The machine is shared: read the figures with it. */
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
  readonly secondsPerRun: number;
  readonly results: readonly Throughput[];
  readonly phases: PhaseReport;
}

export const newSource = (draws: DrawKind, seed = 1): RandomSource =>
  draws === 'crypto' ? new CryptoSource() : SeededSource.fromSeed(seed);

/** Plays whole tickets for about `seconds`; returns tickets per second of wall-clock time and of CPU time. */
export function runOnce(
  dealer: BlockDealer,
  source: RandomSource,
  player: Player,
  seconds: number,
): { wall: number; cpu: number } {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  let tickets = 0;
  let now = start;
  do {
    // Batches, so the clock is read once per 1000 tickets and costs nothing measurable.
    for (let i = 0; i < 1000; i++) playTicketWith(dealer, source, player);
    tickets += 1000;
    now = performance.now();
  } while (now < end);
  const cpu = process.cpuUsage(cpuStart);
  return { wall: tickets / ((now - start) / 1000), cpu: tickets / ((cpu.user + cpu.system) / 1e6) };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The four setups, in the order they are run and printed. */
export const SETUPS: readonly { readonly draws: DrawKind; readonly player: PlayerKind }[] = [
  { draws: 'crypto', player: 'random bot' },
  { draws: 'seeded', player: 'random bot' },
  { draws: 'crypto', player: 'lowest hen' },
  { draws: 'seeded', player: 'lowest hen' },
];

/** `runs` runs of each setup, alternated so a change of load on the machine hits them alike. */
export function measureThroughput(runs: number, seconds: number): Throughput[] {
  const setups = SETUPS.map(({ draws, player }) => ({
    draws,
    player,
    dealer: new BlockDealer(DEFAULT_PRIZE_TABLE),
    source: newSource(draws),
    bot: newPlayer(player),
    runs: [] as number[],
    cpuRuns: [] as number[],
  }));
  // Warm-up: let the JIT see every kind of source and player before anything is timed.
  for (const s of setups) runOnce(s.dealer, s.source, s.bot, Math.min(0.5, seconds));
  for (let r = 0; r < runs; r++) {
    for (const s of setups) {
      const { wall, cpu } = runOnce(s.dealer, s.source, s.bot, seconds);
      s.runs.push(wall);
      s.cpuRuns.push(cpu);
    }
  }
  return setups.map((s) => ({
    draws: s.draws,
    player: s.player,
    runs: s.runs,
    median: median(s.runs),
    min: Math.min(...s.runs),
    max: Math.max(...s.runs),
    cpuRuns: s.cpuRuns,
    cpuMedian: median(s.cpuRuns),
  }));
}

export async function bench(runs: number, seconds: number): Promise<BenchReport> {
  const loadBefore = os.loadavg();
  const results = measureThroughput(runs, seconds);
  // The core alone under the profiler (the bot's cost is the difference between the throughput lines), for about
  // one run's worth of tickets.
  const core = results.find((r) => r.draws === 'crypto' && r.player === 'lowest hen')!;
  const tickets = Math.max(20_000, Math.round(core.median * seconds));
  const phases = await measurePhases('crypto', 'lowest hen', tickets, 1e9 / core.cpuMedian);
  return {
    node: process.version,
    v8: process.versions.v8,
    cpu: os.cpus()[0]?.model ?? 'unknown cpu',
    cpus: os.cpus().length,
    loadBefore,
    loadAfter: os.loadavg(),
    secondsPerRun: seconds,
    results,
    phases,
  };
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' ');

export function formatBench(r: BenchReport): string {
  const lines = [
    "La poule aux œufs d'or — core benchmark (one thread)",
    `node ${r.node} (V8 ${r.v8}), ${r.cpu}, ${r.cpus} cpus`,
    `load average (1, 5, 15 min): ${load(r.loadBefore)} before, ${load(r.loadAfter)} after` +
      (r.loadBefore[0]! > 1 || r.loadAfter[0]! > 1
        ? ' — other work shares the cpus: trust the CPU-second figures more'
        : ''),
    `whole tickets (deal, reveal, picks, haystack through the Game commands), medians of ` +
      `${r.results[0]?.runs.length ?? 0} runs of ${r.secondsPerRun} s each:`,
  ];
  for (const t of r.results) {
    const label = `${t.draws} draws, ${t.player === 'random bot' ? 'random bot:' : 'lowest hen (core alone):'}`;
    lines.push(
      `  ${label.padEnd(39)} ${int(t.median).padStart(9)} tickets/s (min ${int(t.min)}, max ${int(t.max)});` +
        `  per CPU-second ${int(t.cpuMedian).padStart(9)}`,
    );
  }
  const share = (x: number): string => `${Math.round((100 * x) / TARGET_TICKETS_PER_SECOND)} %`;
  const best = (player: PlayerKind): Throughput =>
    r.results.filter((t) => t.player === player).reduce((a, b) => (b.cpuMedian > a.cpuMedian ? b : a));
  const core = best('lowest hen');
  const bot = best('random bot');
  const reached = Math.max(core.median, core.cpuMedian) >= TARGET_TICKETS_PER_SECOND;
  lines.push(
    `target ${int(TARGET_TICKETS_PER_SECOND)} tickets/s on one core: ${reached ? 'reached' : 'NOT reached'} — ` +
      `the core alone (${core.draws} draws) does ${share(core.cpuMedian)} of it per CPU-second ` +
      `(${share(core.median)} by the clock); with the random bot, ${share(bot.cpuMedian)}`,
  );
  lines.push('', ...formatPhases(r.phases));
  return lines.join('\n');
}

function formatPhases(p: PhaseReport): string[] {
  const pct = (share: number): string => `${(100 * share).toFixed(0).padStart(3)} %`;
  const botDraws = p.player === 'random bot' ? p.botDrawsPerTicket : 0;
  const drawsShare = (p.drawNs * (p.coreDrawsPerTicket + botDraws)) / p.ticketNs;
  return [
    `where the time of one ticket goes (${p.draws} draws, ${p.player} choosing; V8's sampling profiler over ` +
      `${int(p.tickets)} tickets, ${int(p.samples)} samples; a ticket takes ${int(p.ticketNs)} ns of CPU in the timed runs):`,
    ...p.phases.map((x) => `  ${x.phase.padEnd(50)}${int(x.ns).padStart(6)} ns ${pct(x.share)}`),
    `  (each phase includes what V8 inlined into it: most draws, and the fold of the events (emit, foldEvent, without`,
    `   the rules' checks, which only a journal read back from storage goes through) inside the commands)`,
    `  a ticket: ${p.coreDrawsPerTicket.toFixed(1)} draws by the game (${p.botDrawsPerTicket.toFixed(1)} more by the random bot), ` +
      `${p.lostRoundsPerTicket.toFixed(2)} lost rounds whose board is drawn`,
    `  one uniformInt ≈ ${p.drawNs.toFixed(1)} ns of CPU with ${p.draws} draws (alone in a loop): the draws are ≈ ${pct(drawsShare).trim()} of a ticket`,
    `  crypto refill: getRandomValues of ${int(p.refillValues)} values takes ${(p.refillNs / 1000).toFixed(1)} µs of CPU, ` +
      `≈ ${int(p.refillNsPerTicket)} ns a ticket (${pct(p.refillNsPerTicket / p.ticketNs).trim()})`,
  ];
}

export const USAGE = 'usage: npm run bench [-- --runs N --seconds S]';

export async function main(
  argv: readonly string[],
  out: Output = process.stdout,
  errOut: Output = process.stderr,
): Promise<number> {
  let runs: number;
  let seconds: number;
  try {
    const flags = parseFlags(argv, { runs: { takesValue: true }, seconds: { takesValue: true } });
    runs = integerFlag(flags, 'runs', 1, 1000) ?? 7;
    seconds = secondsFlag(flags, 'seconds') ?? 1;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    errOut.write(`bench: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  out.write(`${formatBench(await bench(runs, seconds))}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
