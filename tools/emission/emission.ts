import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DEFAULT_PRIZE_TABLE, RULES } from '../../src/core';
import { playAddress } from '../../src/protocol/game-code';
import { type PrintFace, printFile } from '../../src/server/printed/print-file';
import { printedStoreOf } from '../../src/server/printed/printed-stores';
import { runEmission } from '../../src/server/printed/run-emission';
import { openStorage } from '../../src/server/storage/open-storage';
import { type Storage, StorageOpenError } from '../../src/server/storage/storage';
import { integerFlag, type Output, parseFlags, stringFlag, UsageError } from '../cli-args';
import { readTableFile } from '../table-file';

export const HELP = `poule emission: prints tickets. Creates an emission of printed tickets in the game server's database and
writes the print file of their faces (PDF: amounts under the scratch area, QR code of the play address, game code, serial).

usage: npm run emission -- --database FILE --blocks N --out FILE.pdf --base-url URL [options]
       npm run emission -- --database FILE --emission E --out FILE.pdf --base-url URL [options]   (print again)

  --database DB     the game server's SQLite file (created if missing), or its PostgreSQL (postgres://…)
  --blocks N        create a new emission of N blocks of ${RULES.blockSize.toLocaleString('en')} tickets, dealt in full from the table
  --emission E      print from emission E, already created
  --table FILE      prize table for the new emission (default: the game's table)
  --out FILE        the PDF of ticket faces, one face (90 x 140 mm) a page
  --base-url URL    the game's public address; each QR code holds URL/?code=CODE
  --print-first N   print the first N tickets of the emission (default 100)
  --print-range A-B print tickets A to B (1-based, in serial order) instead
  --csv FILE        also write serial, code, amounts and address of the printed tickets (for a print shop's
                    variable-data run; as secret as the tickets themselves)
  --help            this text

A file holds at most 20,000 faces (a whole block's would be about 850 MB): print a block in ranges.
On SQLite, run it with the game server stopped: it writes each block's 300,000 rows in one transaction, holding the
database's write lock for seconds, and the server's requests would wait (and fail after 5 s). On PostgreSQL the
servers may run meanwhile: the emission's transaction locks no row they use. Printing again (--emission E) only
reads and may run at any time.
Exit codes: 1 the database cannot be opened or written, 2 bad options.
`;

const SPECS = {
  database: { takesValue: true },
  blocks: { takesValue: true },
  emission: { takesValue: true },
  table: { takesValue: true },
  out: { takesValue: true },
  'base-url': { takesValue: true },
  'print-first': { takesValue: true },
  'print-range': { takesValue: true },
  csv: { takesValue: true },
  help: { takesValue: false },
} as const;

const DEFAULT_PRINT_FIRST = 100;
/** Faces per file: the PDF is built in memory (about 2.8 KB a face on disk, several times that while it is built). */
export const MAX_FACES = 20_000;

function required(flags: ReturnType<typeof parseFlags>, name: string): string {
  const v = stringFlag(flags, name);
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

/** Runs the command; returns its exit code. */
export async function emissionCommand(
  argv: readonly string[],
  out: Output = process.stdout,
  errOut: Output = process.stderr,
): Promise<number> {
  let storage: Storage | null = null;
  try {
    const flags = parseFlags(argv, SPECS);
    if (flags.has('help')) {
      out.write(HELP);
      return 0;
    }
    const database = required(flags, 'database');
    const file = required(flags, 'out');
    const base = required(flags, 'base-url');
    if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(base))
      throw new UsageError(`--base-url must be an http(s) address without query, got "${base}"`);
    const blocks = integerFlag(flags, 'blocks', 1, 1000);
    const existing = integerFlag(flags, 'emission', 1);
    if ((blocks === undefined) === (existing === undefined))
      throw new UsageError('give either --blocks N (a new emission) or --emission E (print again)');
    let table = DEFAULT_PRIZE_TABLE;
    const tableFile = stringFlag(flags, 'table');
    if (tableFile !== undefined) {
      if (existing !== undefined)
        throw new UsageError('--table is for a new emission: an emission keeps the table it was dealt from');
      const read = readTableFile(tableFile);
      if (!read.ok) throw new UsageError(read.error);
      table = read.value;
    }
    const range = printRange(flags);

    try {
      storage = await openStorage(database);
    } catch (e) {
      if (e instanceof StorageOpenError) {
        errOut.write(`poule emission: ${e.message}\n`);
        return 1;
      }
      throw e;
    }
    const printed = printedStoreOf(storage);
    let emission: number;
    if (blocks !== undefined) {
      const made = await runEmission(storage, table, blocks);
      emission = made.emission;
      out.write(
        `emission ${emission}: blocks ${made.blocks[0]}-${made.blocks[made.blocks.length - 1]}, ${made.tickets} tickets, inactive until sold\n`,
      );
    } else {
      emission = existing!;
      if (!(await storage.read((tx) => printed.on(tx).emissionBlocks(emission))))
        throw new UsageError(`there is no printed emission ${emission} in ${storage.description}`);
    }
    const rows = await storage.read((tx) => printed.on(tx).printOrder(emission, range.from - 1, range.count));
    if (rows.length === 0) throw new UsageError(`emission ${emission} has no ticket ${range.from}`);
    const faces: PrintFace[] = rows.map((r) => ({
      serial: r.serial,
      code: r.code,
      a1Cents: r.a1Cents,
      a2Cents: r.a2Cents,
      address: playAddress(base, r.code),
    }));
    writeFileSync(file, await printFile(faces, base));
    out.write(
      `printed ${faces.length} faces (tickets ${range.from}-${range.from + faces.length - 1}: ${faces[0]!.serial} to ${faces[faces.length - 1]!.serial}) to ${file}\n`,
    );
    const csv = stringFlag(flags, 'csv');
    if (csv !== undefined) {
      writeFileSync(
        csv,
        `serial,code,a1_cents,a2_cents,address\n${faces.map((f) => `${f.serial},${f.code},${f.a1Cents},${f.a2Cents},${f.address}`).join('\n')}\n`,
      );
      out.write(`wrote ${faces.length} lines to ${csv}\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      errOut.write(`poule emission: ${e.message}\n(see --help)\n`);
      return 2;
    }
    errOut.write(`poule emission: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await storage?.close();
  }
}

function printRange(flags: ReturnType<typeof parseFlags>): { from: number; count: number } {
  const first = integerFlag(flags, 'print-first', 1);
  const range = stringFlag(flags, 'print-range');
  if (first !== undefined && range !== undefined) throw new UsageError('give --print-first or --print-range, not both');
  if (first !== undefined && first > MAX_FACES)
    throw new UsageError(`--print-first prints at most ${MAX_FACES} faces a file, got ${first}: print in ranges`);
  if (range === undefined) return { from: 1, count: first ?? DEFAULT_PRINT_FIRST };
  const m = /^(\d+)-(\d+)$/.exec(range);
  const from = m ? Number(m[1]) : NaN;
  const to = m ? Number(m[2]) : NaN;
  if (!m || from < 1 || to < from) throw new UsageError(`--print-range must be A-B with 1 ≤ A ≤ B, got "${range}"`);
  if (to - from + 1 > MAX_FACES)
    throw new UsageError(
      `--print-range prints at most ${MAX_FACES} faces a file, got ${to - from + 1}: print in ranges`,
    );
  return { from, count: to - from + 1 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void emissionCommand(process.argv.slice(2)).then((code) => process.exit(code));
}
