import type { Element, GameSnapshot } from '../../core';
import type { ResultTexts } from '../views/result-panel';
import type { TicketTexts } from '../views/ticket-card';

/** Every word the ticket screen shows, in the current language (the app builds it from its i18n). */
export interface TicketWords {
  readonly yourPrizes: string;
  readonly serial: (s: GameSnapshot) => string;
  readonly a1Label: string;
  readonly a2Label: string;
  /** The same, short, for a ticket too small on screen to read the whole words (a phone's docked ticket). */
  readonly a1Short: string;
  readonly a2Short: string;
  readonly scratchHere: string;
  readonly scratchAll: string;
  readonly scratchPrompt: string;
  readonly pickPrompt: string;
  readonly picksLeft: string;
  readonly plusOne: string;
  /** What a chick does, said over it: « Poussin : un coup de plus ! ». */
  readonly chickMeans: string;
  readonly roundName: (round: number) => string;
  readonly eggFound: string;
  readonly eggWasHere: string;
  readonly roundLost: string;
  readonly haystackPrompt: string;
  readonly extra: string;
  readonly extraWon: string;
  readonly noExtra: string;
  readonly extraWasHere: string;
  readonly hen: (i: number) => string;
  /** What a lifted hen hid, for the screen reader (« poussin »). */
  readonly element: (e: Element) => string;
  readonly haystack: (i: number) => string;
  readonly money: (cents: number) => string;
  /** The result's words for a finished ticket (why it paid what it paid, from its record). */
  readonly result: (s: GameSnapshot) => ResultTexts;
}

/** The words printed on the ticket card, its serial given. */
export function cardTexts(w: TicketWords, serial: string): TicketTexts {
  return {
    heading: w.yourPrizes,
    serial,
    a1Label: w.a1Label,
    a2Label: w.a2Label,
    a1Short: w.a1Short,
    a2Short: w.a2Short,
  };
}
