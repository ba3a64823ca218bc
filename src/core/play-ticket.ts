import type { BlockDealer } from './block';
import { chooseHaystack, chooseHen } from './bot';
import type { GameError, GameEvent } from './events';
import { Game } from './game';
import type { RandomSource } from './random-source';
import type { Result } from './result';
import { RULES, type Rules } from './rules';
import type { Ticket } from './ticket';

/** How one ticket played out, read from its events. */
export interface PlayedTicket {
  readonly ticket: Ticket;
  readonly prize: 'A1' | 'A2' | null;
  readonly prizeCents: number;
  /** The chosen haystack held the Extra. */
  readonly extraWon: boolean;
  readonly game: Game;
}

function accepted(r: Result<readonly GameEvent[], GameError>): readonly GameEvent[] {
  // The bot only sends legal commands; a refusal here is a bug in the bot or the core.
  if (!r.ok) throw new Error(`the bot's command was refused: ${r.error.message}`);
  return r.value;
}

/**
 * The hens still on their nests, as the bot sees them: a list in any order (the bot chooses from it) and each
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

/**
 * Deals one ticket and plays it to its end with the bot, through the same commands the game screen sends
 * (Game.start, reveal, pick, chooseHaystack). `source` makes every draw of the ticket; `botSource` only the bot's
 * choices. Like the screen, it learns which hens are still down from the events alone.
 */
export function playTicket(
  dealer: BlockDealer,
  source: RandomSource,
  botSource: RandomSource,
  rules: Rules = RULES,
): PlayedTicket {
  const ticket = dealer.deal(source);
  const game = Game.start(ticket, source, rules);
  // Set by the round's roundStarted, which comes before any pick (in the events of the reveal, for round 1).
  let nests: Nests | undefined;
  let prize: 'A1' | 'A2' | null = null;
  let extraWon = false;
  let events = accepted(game.reveal());
  for (;;) {
    let haystacksOffered = false;
    for (const e of events) {
      switch (e.type) {
        case 'roundStarted':
          nests = new Nests(rules.hens);
          break;
        case 'henLifted':
          nests!.lift(e.hen);
          break;
        case 'roundWon':
          prize = e.prize;
          break;
        case 'haystacksOffered':
          haystacksOffered = true;
          break;
        case 'haystackOpened':
          extraWon = e.extraWon;
          break;
        case 'ticketEnded':
          return { ticket, prize, prizeCents: e.prizeCents, extraWon, game };
        default:
          break;
      }
    }
    events = haystacksOffered
      ? accepted(game.chooseHaystack(chooseHaystack(rules.haystacks, botSource)))
      : accepted(game.pick(chooseHen(nests!.down, botSource)));
  }
}
