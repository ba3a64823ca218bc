/** A ticket's identity: its block and its place in the block (1-based, as printed). */
export interface Serial {
  readonly block: number;
  readonly index: number;
}

/** A dealt ticket: the two amounts under its scratch zone, in cents (art. 3.1). */
export interface Ticket {
  readonly serial: Serial;
  /** Paid if the golden egg is found with the round's first pick. */
  readonly a1Cents: number;
  /** Paid if it is found with a later pick. */
  readonly a2Cents: number;
}

export const formatSerial = (s: Serial): string =>
  `${String(s.block).padStart(6, '0')}-${String(s.index).padStart(6, '0')}`;
