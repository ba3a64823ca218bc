import { type RandomSource, uniformInt } from './random-source';

/**
 * The players of the simulator and the bench. The random bot chooses any hen still down and any haystack,
 * uniformly, from its own source, never the game's, so its choices cannot move the game's draws (the rules make the
 * outcome independent of the hen and the haystack chosen; the simulator's figures check that this holds).
 */

/** One of the hens still on their nests (`hensDown`, in any order), chosen uniformly. */
export function chooseHen(hensDown: readonly number[], source: RandomSource): number {
  if (hensDown.length === 0) throw new RangeError('chooseHen: every hen is already lifted');
  return hensDown[uniformInt(source, hensDown.length)]!;
}

/** One of `haystacks` haystacks, chosen uniformly. */
export function chooseHaystack(haystacks: number, source: RandomSource): number {
  return uniformInt(source, haystacks);
}

/** Whoever chooses in playTicket. Like the game screen, it learns which hens are still down from the events alone. */
export interface Player {
  /** A round starts: all `hens` hens are down. */
  roundStarted(hens: number): void;
  henLifted(hen: number): void;
  /** A hen still down, to lift. */
  chooseHen(): number;
  /** One of `haystacks` haystacks, to open. */
  chooseHaystack(haystacks: number): number;
}

/** The random bot: every choice is a draw from `source`. */
export class RandomPlayer implements Player {
  // Set by roundStarted, which comes before any pick.
  private nests: Nests | null = null;

  constructor(private readonly source: RandomSource) {}

  roundStarted(hens: number): void {
    this.nests = new Nests(hens);
  }

  henLifted(hen: number): void {
    this.nests!.lift(hen);
  }

  chooseHen(): number {
    return chooseHen(this.nests!.down, this.source);
  }

  chooseHaystack(haystacks: number): number {
    return chooseHaystack(haystacks, this.source);
  }
}

/**
 * Lifts the lowest hen still down and opens haystack 0, drawing nothing. The game's draws do not depend on the hen
 * or the haystack chosen (art. 3.2.3.1, 3.2.5.2), so the bench plays it to show the core's own cost without the bot's.
 */
export class LowestHenPlayer implements Player {
  /** Bit h is set once hen h is lifted. */
  private lifted = 0;

  roundStarted(hens: number): void {
    if (hens > 31) throw new RangeError(`LowestHenPlayer: at most 31 hens, got ${hens}`);
    this.lifted = 0;
  }

  henLifted(hen: number): void {
    this.lifted |= 1 << hen;
  }

  chooseHen(): number {
    // The lowest clear bit of `lifted`, alone: ~m & (m + 1).
    const lowestDown = ~this.lifted & (this.lifted + 1);
    return 31 - Math.clz32(lowestDown);
  }

  chooseHaystack(): number {
    return 0;
  }
}

/**
 * The hens still on their nests, as the random bot sees them: a list in any order (the bot chooses from it) and each
 * hen's place in that list, so lifting a hen is one swap rather than a search (a ticket lifts about seven).
 */
class Nests {
  readonly down: number[];
  private readonly place: number[];

  constructor(hens: number) {
    this.down = everyHen(hens);
    this.place = everyHen(hens);
  }

  lift(hen: number): void {
    const at = this.place[hen]!;
    const last = this.down.pop()!;
    if (last !== hen) {
      this.down[at] = last;
      this.place[last] = at;
    }
  }
}

/**
 * 0 to hens - 1, copied from a ready row: much cheaper than building one for every round, and cheaper than refilling
 * the last round's lists in place (measured: V8 allocates by bumping a pointer, the copy is one block move).
 */
let henRow: readonly number[] = [];
function everyHen(hens: number): number[] {
  if (henRow.length !== hens) henRow = Array.from({ length: hens }, (_, hen) => hen);
  return henRow.slice();
}
