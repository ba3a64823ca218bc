import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BlockDealer } from '../src/core/block';
import { serializeJournal } from '../src/core/journal';
import { playTicket } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../src/core/prize-table';
import { SeededSource } from '../src/core/seeded-source';

/**
 * The guard of speed work on the core: 2,000 seeded tickets played by the bot must give, event for event, the
 * journals the unoptimised core gave (this digest was computed with the core of commit 93e1009 and again after
 * each optimisation). A change of the rules, the draws or the bot changes it on purpose: then pin the new value,
 * saying why, in the same commit.
 */
const PINNED = '4f8c94d33cbed91ce300fcbb85d7cc6f0d4e73fe8c064db86f6b5aee9e6b471e';

describe('the journals of 2,000 seeded tickets', () => {
  it('are exactly the pinned ones', () => {
    const hash = createHash('sha256');
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const source = SeededSource.fromSeed(2026);
    const bot = SeededSource.fromSeed(-2027);
    for (let i = 0; i < 2000; i++) hash.update(`${serializeJournal(playTicket(dealer, source, bot).game.journal)}\n`);
    expect(hash.digest('hex')).toBe(PINNED);
  });
});
