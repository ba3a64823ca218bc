import type { DrawKind } from './random-source';
import type { Element } from './rules';
import type { Ticket } from './ticket';

/**
 * Everything that happens in a game, in order. Every draw is carried by an event (the element under a hen, the
 * board of a lost round, the Extra's haystack), so the journal of events alone rebuilds the game without drawing.
 */
export type GameEvent =
  /** The ticket was dealt from its block, with the kind of source that draws for it. */
  | { readonly type: 'ticketIssued'; readonly ticket: Ticket; readonly draws: DrawKind }
  /** The scratch zone is cleared: the player now sees A1 and A2. */
  | { readonly type: 'scratchRevealed'; readonly a1Cents: number; readonly a2Cents: number }
  | { readonly type: 'roundStarted'; readonly round: number; readonly picksLeft: number }
  /** A pick: the draw put `element` under `hen`. `pick` counts from 1 in the round; a chick leaves picksLeft as it was. */
  | {
      readonly type: 'henLifted';
      readonly round: number;
      readonly pick: number;
      readonly hen: number;
      readonly element: Element;
      readonly picksLeft: number;
    }
  /** The egg was found: A1 on the round's first pick, A2 later (art. 3.2.2.3, 3.2.3.2). */
  | { readonly type: 'roundWon'; readonly round: number; readonly prize: 'A1' | 'A2'; readonly prizeCents: number }
  /** No picks left and no egg: the draw of art. 3.2.6 placed the undiscovered elements; `board` is every hen's. */
  | { readonly type: 'roundLost'; readonly round: number; readonly board: readonly Element[] }
  | { readonly type: 'haystacksOffered'; readonly haystacks: number }
  /** The player chose `chosen`; the draw put the Extra under `extraAt` (art. 3.2.5.2). */
  | { readonly type: 'haystackOpened'; readonly chosen: number; readonly extraAt: number; readonly extraWon: boolean }
  | { readonly type: 'ticketEnded'; readonly outcome: 'won' | 'lost'; readonly prizeCents: number };

export type GameEventType = GameEvent['type'];

export type Command =
  | { readonly type: 'reveal' }
  | { readonly type: 'pick'; readonly hen: number }
  | { readonly type: 'chooseHaystack'; readonly haystack: number };

export type Phase = 'scratch' | 'round' | 'haystack' | 'ended';

export type GameErrorCode =
  | 'already-revealed'
  | 'not-revealed'
  | 'hen-out-of-range'
  | 'hen-already-lifted'
  | 'no-round-in-play'
  | 'haystack-not-offered'
  | 'haystack-out-of-range'
  | 'ticket-ended'
  | 'wrong-source'
  | 'journal-inconsistent';

export interface GameError {
  readonly code: GameErrorCode;
  readonly message: string;
}
