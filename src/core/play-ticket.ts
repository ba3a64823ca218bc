import type { BlockDealer } from './block';
import { chooseHaystack, chooseHen } from './bot';
import type { GameError, GameEvent } from './events';
import { Game } from './game';
import type { RandomSource } from './random-source';
import { RULES, type Element, type Rules } from './rules';
import type { Result } from './result';
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
 * Deals one ticket and plays it to its end with the bot, through the same commands the game screen sends
 * (Game.start, reveal, pick, chooseHaystack). `source` makes every draw of the ticket; `botSource` only the bot's
 * choices. Like the screen, it learns which hens are lifted from the events alone.
 */
export function playTicket(
  dealer: BlockDealer,
  source: RandomSource,
  botSource: RandomSource,
  rules: Rules = RULES,
): PlayedTicket {
  const ticket = dealer.deal(source);
  const game = Game.start(ticket, source, rules);
  let hens: (Element | null)[] = new Array<Element | null>(rules.hens).fill(null);
  let prize: 'A1' | 'A2' | null = null;
  let prizeCents = 0;
  let extraWon = false;
  let events = accepted(game.reveal());
  for (;;) {
    let ended = false;
    let haystacksOffered = false;
    for (const e of events) {
      if (e.type === 'roundStarted') hens = new Array<Element | null>(rules.hens).fill(null);
      else if (e.type === 'henLifted') hens[e.hen] = e.element;
      else if (e.type === 'roundWon') prize = e.prize;
      else if (e.type === 'haystacksOffered') haystacksOffered = true;
      else if (e.type === 'haystackOpened') extraWon = e.extraWon;
      else if (e.type === 'ticketEnded') {
        ended = true;
        prizeCents = e.prizeCents;
      }
    }
    if (ended) return { ticket, prize, prizeCents, extraWon, game };
    events = haystacksOffered
      ? accepted(game.chooseHaystack(chooseHaystack(rules.haystacks, botSource)))
      : accepted(game.pick(chooseHen(hens, botSource)));
  }
}
