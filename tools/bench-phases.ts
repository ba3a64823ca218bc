/**
 * Where the time of one ticket goes: V8's sampling profiler (through node:inspector, in this process) watches
 * tickets played exactly as the bench plays them, and each sample is put in the phase of the function it was in.
 * Nothing is added to the timed path. V8 inlines small functions into their callers, so a draw made while
 * building a board counts as board reveal: each phase includes its own draws.
 */
import { Session } from 'node:inspector/promises';
import { BlockDealer } from '../src/core/block';
import { LowestHenPlayer, type Player, RandomPlayer } from '../src/core/bot';
import { CRYPTO_BATCH, CryptoSource } from '../src/core/crypto-source';
import { playTicket, playTicketWith } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../src/core/prize-table';
import { type DrawKind, type RandomSource, uniformInt } from '../src/core/random-source';
import { SeededSource } from '../src/core/seeded-source';

export type Phase =
  | 'dealing the ticket and starting the game'
  | 'round play: reveal, picks, haystack'
  | 'board reveal of a lost round (art. 3.2.6)'
  | 'folding events into the state (and the journal)'
  | 'draws not inlined (uniformInt, sources)'
  | 'crypto refill (getRandomValues)'
  | 'the bot and playTicket'
  | 'garbage collection'
  | 'other';

/** Which phase a function belongs to, by file and name. The first rule that matches wins. */
const RULES: readonly { readonly phase: Phase; readonly file?: string; readonly names: readonly string[] }[] = [
  { phase: 'crypto refill (getRandomValues)', names: ['getRandomValues', 'randomFillSync', 'RandomBytesJob'] },
  { phase: 'dealing the ticket and starting the game', file: 'block.ts', names: ['deal', 'startNextBlock'] },
  { phase: 'dealing the ticket and starting the game', file: 'game.ts', names: ['start', 'Game'] },
  { phase: 'dealing the ticket and starting the game', file: 'game-state.ts', names: ['initialState'] },
  { phase: 'board reveal of a lost round (art. 3.2.6)', file: 'game.ts', names: ['drawBoard'] },
  { phase: 'board reveal of a lost round (art. 3.2.6)', file: 'game-state.ts', names: ['boardFits'] },
  {
    phase: 'round play: reveal, picks, haystack',
    file: 'game.ts',
    names: ['reveal', 'pick', 'drawElement', 'chooseHaystack', 'command'],
  },
  { phase: 'round play: reveal, picks, haystack', file: 'game-state.ts', names: ['newRound', 'allHensDown'] },
  { phase: 'folding events into the state (and the journal)', file: 'game.ts', names: ['emit'] },
  {
    phase: 'folding events into the state (and the journal)',
    file: 'game-state.ts',
    names: ['foldEvent', 'checkEvent', 'currentRound', 'undiscovered', 'isIndex', 'prizeOf', ''],
  },
  { phase: 'folding events into the state (and the journal)', file: 'result.ts', names: ['ok', 'err'] },
  { phase: 'draws not inlined (uniformInt, sources)', file: 'random-source.ts', names: ['uniformInt'] },
  { phase: 'draws not inlined (uniformInt, sources)', file: 'seeded-source.ts', names: ['nextUint32'] },
  { phase: 'draws not inlined (uniformInt, sources)', file: 'crypto-source.ts', names: ['nextUint32'] },
  {
    phase: 'the bot and playTicket',
    file: 'bot.ts',
    names: [
      'chooseHen',
      'chooseHaystack',
      'roundStarted',
      'henLifted',
      'RandomPlayer',
      'LowestHenPlayer',
      'Nests',
      'lift',
      'everyHen',
    ],
  },
  { phase: 'the bot and playTicket', file: 'play-ticket.ts', names: ['playTicket', 'playTicketWith', 'accepted'] },
  // The loop that calls playTicket, into which V8 may inline part of it.
  { phase: 'the bot and playTicket', file: 'bench-phases.ts', names: ['measurePhases'] },
  { phase: 'garbage collection', names: ['(garbage collector)'] },
];

function phaseOf(functionName: string, url: string): Phase | null {
  const file = url.slice(url.lastIndexOf('/') + 1);
  for (const rule of RULES) {
    if ((rule.file === undefined || rule.file === file) && rule.names.includes(functionName)) return rule.phase;
  }
  return null;
}

export interface PhaseShare {
  readonly phase: Phase;
  /** Share of the profiled time. */
  readonly share: number;
  /** The share applied to an untimed ticket. */
  readonly ns: number;
}

/** Who chooses the hens and the haystack. */
export type PlayerKind = 'random bot' | 'lowest hen';

export const newPlayer = (kind: PlayerKind, seed = 2): Player =>
  kind === 'random bot' ? new RandomPlayer(SeededSource.fromSeed(seed)) : new LowestHenPlayer();

export interface PhaseReport {
  readonly draws: DrawKind;
  readonly player: PlayerKind;
  readonly tickets: number;
  readonly samples: number;
  /** A whole ticket's CPU time, from the timed runs. */
  readonly ticketNs: number;
  readonly phases: readonly PhaseShare[];
  readonly coreDrawsPerTicket: number;
  readonly botDrawsPerTicket: number;
  readonly lostRoundsPerTicket: number;
  /** One uniformInt from this kind of source, in a loop of its own. */
  readonly drawNs: number;
  readonly refillValues: number;
  readonly refillNs: number;
  readonly refillNsPerTicket: number;
}

const sourceOf = (draws: DrawKind, seed: number): RandomSource =>
  draws === 'crypto' ? new CryptoSource() : SeededSource.fromSeed(seed);

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

function countsPerTicket(draws: DrawKind): { core: number; bot: number; lostRounds: number } {
  const tickets = 20_000;
  const core = new Counted(sourceOf(draws, 3));
  const bot = new Counted(SeededSource.fromSeed(4));
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  let lostRounds = 0;
  for (let i = 0; i < tickets; i++) {
    for (const e of playTicket(dealer, core, bot).game.journal) if (e.type === 'roundLost') lostRounds++;
  }
  return { core: core.count / tickets, bot: bot.count / tickets, lostRounds: lostRounds / tickets };
}

/** Nanoseconds of CPU time since `start` (a process.cpuUsage()): unlike the clock, not stretched by other processes. */
const cpuNsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) * 1000;
};

/** Nanoseconds (of CPU) of one uniformInt over the ranges a ticket uses (2 to 30). */
function drawCost(draws: DrawKind): number {
  const source = sourceOf(draws, 5);
  const n = 2_000_000;
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) sink += uniformInt(source, 2 + (i % 29));
  const ns = cpuNsSince(start) / n;
  if (sink < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return ns;
}

/** Nanoseconds (of CPU) of one refill of a crypto source's batch. */
function refillCost(): number {
  const buffer = new Uint32Array(CRYPTO_BATCH);
  const n = 20_000;
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) globalThis.crypto.getRandomValues(buffer);
  return cpuNsSince(start) / n;
}

/**
 * Profiles `tickets` tickets with `draws` draws and `playerKind` choosing; `ticketNs` (from the timed runs) turns
 * shares into times.
 */
export async function measurePhases(
  draws: DrawKind,
  playerKind: PlayerKind,
  tickets: number,
  ticketNs: number,
): Promise<PhaseReport> {
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  const source = sourceOf(draws, 1);
  const player = newPlayer(playerKind);
  const session = new Session();
  session.connect();
  let samples = 0;
  const time = new Map<Phase, number>();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let i = 0; i < tickets; i++) playTicketWith(dealer, source, player);
    const { profile } = await session.post('Profiler.stop');
    const selfTime = new Map<number, number>();
    profile.samples?.forEach((id, i) => {
      selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
    });
    samples = profile.samples?.length ?? 0;
    // A function with no phase of its own (a builtin, a native) takes its caller's.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const walk = (id: number, inherited: Phase): void => {
      const node = byId.get(id);
      // The inspector's own work (answering Profiler.stop) is no part of a ticket.
      if (!node || (node.callFrame.functionName === 'dispatch' && node.callFrame.url === '')) return;
      const phase = phaseOf(node.callFrame.functionName, node.callFrame.url) ?? inherited;
      time.set(phase, (time.get(phase) ?? 0) + (selfTime.get(id) ?? 0));
      for (const child of node.children ?? []) walk(child, phase);
    };
    walk(profile.nodes[0]!.id, 'other');
  } finally {
    session.disconnect();
  }
  const total = [...time.values()].reduce((a, b) => a + b, 0) || 1;
  const phases = [...time]
    .map(([phase, us]) => ({ phase, share: us / total, ns: (us / total) * ticketNs }))
    .sort((a, b) => b.share - a.share);
  const counts = countsPerTicket(draws);
  const refillNs = refillCost();
  return {
    draws,
    player: playerKind,
    tickets,
    samples,
    ticketNs,
    phases,
    coreDrawsPerTicket: counts.core,
    botDrawsPerTicket: counts.bot,
    lostRoundsPerTicket: counts.lostRounds,
    drawNs: drawCost(draws),
    refillValues: CRYPTO_BATCH,
    refillNs,
    refillNsPerTicket: draws === 'crypto' ? (refillNs * counts.core) / CRYPTO_BATCH : 0,
  };
}
