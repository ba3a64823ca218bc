import type { BlockDealer } from './block';
import { type Player, RandomPlayer } from './bot';
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
 * Deals one ticket and plays it to its end with the random bot, through the same commands the game screen sends
 * (Game.start, reveal, pick, chooseHaystack). `source` makes every draw of the ticket; `botSource` only the bot's
 * choices.
 */
export function playTicket(
  dealer: BlockDealer,
  source: RandomSource,
  botSource: RandomSource,
  rules: Rules = RULES,
): PlayedTicket {
  return playTicketWith(dealer, source, new RandomPlayer(botSource), rules);
}

/** Deals one ticket and plays it to its end, `player` choosing, through the commands the game screen sends. */
export function playTicketWith(
  dealer: BlockDealer,
  source: RandomSource,
  player: Player,
  rules: Rules = RULES,
): PlayedTicket {
  const ticket = dealer.deal(source);
  const game = Game.start(ticket, source, rules);
  let prize: 'A1' | 'A2' | null = null;
  let extraWon = false;
  let events = accepted(game.reveal());
  for (;;) {
    let haystacksOffered = false;
    for (const e of events) {
      switch (e.type) {
        case 'roundStarted':
          player.roundStarted(rules.hens);
          break;
        case 'henLifted':
          player.henLifted(e.hen);
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
      ? accepted(game.chooseHaystack(player.chooseHaystack(rules.haystacks)))
      : accepted(game.pick(player.chooseHen()));
  }
}
