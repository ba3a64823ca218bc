import { randomBytes } from 'node:crypto';
import { BlockDealer, CryptoSource, formatSerial, type PrizeTable, type RandomSource, RULES } from '../../core';
import { CODE_BYTES, formatGameCode } from '../../protocol/game-code';
import { sha256 } from '../audit';
import type { StorageTx } from '../storage/storage';
import type { NewPrinted, PrintedTx } from './printed-store';

export interface EmissionSummary {
  readonly emission: number;
  readonly blocks: readonly number[];
  readonly tickets: number;
}

/** Where an emission's randomness comes from: the deal's draws and the codes' bytes (crypto in production). */
export interface EmissionRandom {
  readonly source: RandomSource;
  readonly bytes: (n: number) => Uint8Array;
}

export const CRYPTO_RANDOM: EmissionRandom = { source: new CryptoSource(), bytes: (n) => randomBytes(n) };

/**
 * Creates an emission of `blockCount` printed blocks: each block of RULES.blockSize tickets is dealt in full from
 * the table with the core's BlockDealer (so its counts are the table's exactly), each ticket gets its serial and a
 * game code of 120 random bits. The blocks take the next numbers after every block of the server (online blocks
 * included), as a closed emission; the tickets stay inactive until a retailer sells them. One audit entry per block
 * names its counts and a hash of its codes. Runs inside the caller's transaction.
 */
export async function createEmission(
  tx: StorageTx,
  printed: PrintedTx,
  table: PrizeTable,
  blockCount: number,
  at: string,
  random: EmissionRandom = CRYPTO_RANDOM,
): Promise<EmissionSummary> {
  if (!Number.isSafeInteger(blockCount) || blockCount < 1)
    throw new RangeError(`an emission needs 1 block or more, got ${blockCount}`);
  const last = await tx.lastBlock();
  const emission = Math.max(last?.emission ?? 0, await printed.lastEmission()) + 1;
  const first = (last?.block ?? 0) + 1;
  const blocks = Array.from({ length: blockCount }, (_, i) => first + i);
  const tableJson = JSON.stringify(table);
  await printed.insertEmission(emission, blocks, tableJson, at);
  const counts = table.rows.map((r) => r.count);
  for (const block of blocks) {
    await tx.insertBlock(
      {
        block,
        emission,
        prizeTable: tableJson,
        remaining: counts.map(() => 0),
        dealt: RULES.blockSize,
        status: 'closed',
      },
      at,
    );
    const dealer = new BlockDealer(table, { block, dealt: 0, remaining: counts });
    const bytes = random.bytes(CODE_BYTES * RULES.blockSize);
    const codes = sha256Stream();
    const rows: NewPrinted[] = [];
    for (let i = 0; i < RULES.blockSize; i++) {
      const ticket = dealer.deal(random.source);
      const code = formatGameCode(bytes.subarray(i * CODE_BYTES, (i + 1) * CODE_BYTES));
      codes.add(code);
      rows.push({
        serial: formatSerial(ticket.serial),
        emission,
        block,
        index: ticket.serial.index,
        a1Cents: ticket.a1Cents,
        a2Cents: ticket.a2Cents,
        code,
      });
    }
    await printed.insertPrinted(rows);
    await tx.audit(
      'ticket-issued',
      { emission, block, printed: true, tickets: RULES.blockSize, counts, codesSha256: codes.digest() },
      at,
    );
  }
  return { emission, blocks, tickets: blockCount * RULES.blockSize };
}

/** A hash of the block's codes in serial order, so the audit log pins them without holding them. */
function sha256Stream(): { add(code: string): void; digest(): string } {
  const parts: string[] = [];
  return { add: (code) => void parts.push(code), digest: () => sha256(parts.join('\n')) };
}
