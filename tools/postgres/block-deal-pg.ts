/**
 * A whole block of 300,000 tickets dealt across three processes (three server instances' storage layers) on one
 * PostgreSQL, at once: each deals and records tickets in transactions of 1,000 until the block is exhausted. Then the
 * block's reconciliation is read back from the tickets table: the prize counts must equal the table exactly, and no
 * ticket may be dealt twice (UNIQUE (block, idx) would refuse it).
 *
 *   npm run block:deal-pg [-- --database postgres://…]   (without --database: a temporary PostgreSQL of its own)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CryptoSource, DEFAULT_PRIZE_TABLE, formatSerial, RULES } from '../../src/core';
import { blockReport, formatBlockReport } from '../../src/server/block-ops';
import { BlockBook } from '../../src/server/blocks';
import { openReader } from '../../src/server/record-reader';
import { PgStorage } from '../../src/server/storage/pg-storage';
import { startTempPostgres } from './temp-postgres';

const WORKERS = 3;
const PER_TRANSACTION = 1_000;

/** One instance: deals from block 1 until it is exhausted; prints how many it dealt. */
async function worker(url: string, n: number): Promise<void> {
  const storage = await PgStorage.open(url);
  const book = new BlockBook(DEFAULT_PRIZE_TABLE);
  const source = new CryptoSource();
  const at = new Date().toISOString();
  const player = await storage.transact((tx) => tx.createPlayer('terminal', null, `dealer-${n}`, at), { play: false });
  let mine = 0;
  for (let done = false; !done; ) {
    done = await storage.transact(
      async (tx) => {
        for (let i = 0; i < PER_TRANSACTION; i++) {
          const t = await book.deal(tx, source, at);
          const id = formatSerial(t.serial);
          await tx.insertTicket({
            id,
            block: t.serial.block,
            index: t.serial.index,
            a1Cents: t.a1Cents,
            a2Cents: t.a2Cents,
            playerId: player.id,
            stakeCents: RULES.ticketPriceCents,
            balanceBeforeCents: 0,
            createdAt: at,
          });
          // Recorded as ended at once (a player has one open ticket at most); the deal is what is measured here.
          await tx.endTicket(id, 1, 0, 0, at);
          // Dealt from block 2: block 1 is exhausted (this ticket counts in block 2's reconciliation).
          if (t.serial.block !== 1) return true;
          mine++;
        }
        return false;
      },
      { play: true },
    );
  }
  await storage.close();
  process.stdout.write(`worker ${n} dealt ${mine}\n`);
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '--worker') {
    await worker(argv[1]!, Number(argv[2]));
    return 0;
  }
  const given = argv[0] === '--database' ? argv[1] : undefined;
  const temp = given ? null : await startTempPostgres();
  const url = given ?? temp!.url;
  try {
    // The schema first, once; then the three dealers at once.
    await (await PgStorage.open(url)).close();
    const t0 = performance.now();
    const me = fileURLToPath(import.meta.url);
    const outputs = await Promise.all(
      Array.from(
        { length: WORKERS },
        (_, n) =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['--import', 'tsx', me, '--worker', url, String(n)], {
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            let out = '';
            child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
            child.once('exit', (code) =>
              code === 0 ? resolve(out) : reject(new Error(`worker ${n} exited with ${code}`)),
            );
          }),
      ),
    );
    const seconds = (performance.now() - t0) / 1000;
    process.stdout.write(outputs.join(''));
    const { reader, close } = await openReader(url);
    try {
      const r = await blockReport(reader, 1);
      const b = r.blocks[0]!;
      process.stdout.write(formatBlockReport(r));
      const exact = b.dealt === RULES.blockSize && b.left === 0 && b.rows.every((x) => x.dealt === x.table);
      process.stdout.write(
        `${b.dealt} tickets dealt by ${WORKERS} processes in ${seconds.toFixed(1)} s: prize counts ${exact ? 'EQUAL the table' : 'DIFFER from the table'}\n`,
      );
      return exact && b.reconciles ? 0 : 1;
    } finally {
      await close();
    }
  } finally {
    await temp?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`block-deal-pg: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    },
  );
}
