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

/** Every hen, 0 to hens - 1; a copy of a ready row, which is much cheaper than building one for every round. */
let allHensRow: readonly number[] = [];
function allHens(rules: Rules): number[] {
  if (allHensRow.length !== rules.hens) allHensRow = Array.from({ length: rules.hens }, (_, hen) => hen);
  return allHensRow.slice();
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
  let hensDown = allHens(rules);
  let prize: 'A1' | 'A2' | null = null;
  let extraWon = false;
  let events = accepted(game.reveal());
  for (;;) {
    let haystacksOffered = false;
    for (const e of events) {
      switch (e.type) {
        case 'roundStarted':
          hensDown = allHens(rules);
          break;
        case 'henLifted': {
          // Swap-remove: the order of hensDown only matters to the bot, whose choices change no outcome.
          const at = hensDown.indexOf(e.hen);
          hensDown[at] = hensDown[hensDown.length - 1]!;
          hensDown.pop();
          break;
        }
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
      : accepted(game.pick(chooseHen(hensDown, botSource)));
  }
}
