/**
 * The parameters of the rules (Annexe 2, art. 2 and 3.2). Everything else in the core — the draws, the odds —
 * is derived from these numbers, so a change here is a change of the game, not of a constant somewhere else.
 */
export interface Rules {
  /** art. 3.2.1.1: hens on screen in a round. */
  readonly hens: number;
  /** art. 3.2.1.2: the 30 elements under them. */
  readonly eggs: number;
  readonly chicks: number;
  readonly empties: number;
  /** art. 3.2.1.3: picks at the start of a round. */
  readonly picksAtStart: number;
  /** art. 3.2.5.1: haystacks offered after a lost first round. */
  readonly haystacks: number;
  /** art. 3.2.5.6: the Extra is offered at most this many times per ticket. */
  readonly extraRounds: number;
  /** art. 2: price of a ticket, in cents. */
  readonly ticketPriceCents: number;
  /** art. 2: tickets per block. */
  readonly blockSize: number;
}

export const RULES: Rules = Object.freeze({
  hens: 30,
  eggs: 1,
  chicks: 17,
  empties: 12,
  picksAtStart: 3,
  haystacks: 5,
  extraRounds: 1,
  ticketPriceCents: 200,
  blockSize: 300_000,
});

/** What a hen can hide. */
export type Element = 'egg' | 'chick' | 'empty';
export const ELEMENTS: readonly Element[] = ['egg', 'chick', 'empty'];
