import { BlockDealer, CryptoSource, DEFAULT_PRIZE_TABLE, type BlockState, type RandomSource } from '../../core';

/** Real play: every ticket is dealt and drawn from Web Crypto, from a block whose state is kept. */
export interface DrawSetup {
  readonly dealer: BlockDealer;
  readonly source: RandomSource;
  /** Whether the block's state is worth saving (real blocks are; seeded demo blocks are not). */
  readonly keepsBlock: boolean;
}

export function realPlay(saved: BlockState | null): DrawSetup {
  let dealer: BlockDealer;
  try {
    dealer = new BlockDealer(DEFAULT_PRIZE_TABLE, saved ?? undefined);
  } catch {
    // A saved block that does not fit the table (the table changed): start a fresh block rather than refuse to play.
    dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  }
  return { dealer, source: new CryptoSource(), keepsBlock: true };
}
