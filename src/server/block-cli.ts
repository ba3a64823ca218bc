import { pathToFileURL } from 'node:url';
import { integerFlag, parseFlags, stringFlag, UsageError } from '../../tools/cli-args';
import { BlockCloseRefused, blockReport, closeBlock, formatBlockReport, reportSound } from './block-ops';
import { openReader } from './record-reader';
import { openStorage } from './storage/open-storage';
import { StorageOpenError } from './storage/storage';

/**
 * The operator's block tools, on SQLite or PostgreSQL (safe while servers run):
 *   npm run block:report -- [--database DB] [--block N]   reconciliation by prize row, stakes, prizes, audit chain
 *   npm run block:close -- [--database DB] --block N      puts block N out of play (logged in the audit log)
 * Exit 0 when sound (or closed), 1 when a problem is found (or the close is refused), 2 for bad usage.
 */
const USAGE = `usage: npm run block:report -- [--database DB] [--block N]
       npm run block:close -- [--database DB] --block N
DB is an SQLite file (default data/poule.sqlite) or a postgres:// URL (default: DATABASE_URL when set)
`;

const FLAGS = { database: { takesValue: true }, block: { takesValue: true }, help: { takesValue: false } } as const;

export async function blockMain(
  action: string,
  argv: readonly string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  let database: string;
  let block: number | null;
  try {
    if (action !== 'report' && action !== 'close') throw new UsageError(`unknown action "${action}": report or close`);
    const f = parseFlags(argv, FLAGS);
    if (f.has('help')) {
      out.write(USAGE);
      return 0;
    }
    database = stringFlag(f, 'database') ?? (process.env['DATABASE_URL'] || 'data/poule.sqlite');
    block = integerFlag(f, 'block', 1, 1_000_000_000) ?? null;
    if (action === 'close' && block === null) throw new UsageError('block:close needs --block N');
  } catch (e) {
    if (e instanceof UsageError) {
      err.write(`block ${action}: ${e.message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  try {
    if (action === 'close') {
      const storage = await openStorage(database);
      try {
        const r = await closeBlock(storage, block!, 'operator (block:close)');
        out.write(
          `block ${block} closed: ${r.dealt} tickets dealt, ${r.left} never to be dealt; tickets in play finish\n`,
        );
        return 0;
      } catch (e) {
        if (e instanceof BlockCloseRefused) {
          err.write(`block close: ${e.message}\n`);
          return 1;
        }
        throw e;
      } finally {
        await storage.close();
      }
    }
    const { reader, close } = await openReader(database);
    try {
      const r = await blockReport(reader, block);
      if (block !== null && r.blocks.length === 0) {
        err.write(`block report: there is no block ${block}\n`);
        return 1;
      }
      out.write(formatBlockReport(r));
      return reportSound(r) ? 0 : 1;
    } finally {
      await close();
    }
  } catch (e) {
    if (e instanceof StorageOpenError) {
      err.write(`block ${action}: ${e.message}\n`);
      return 1;
    }
    err.write(`block ${action}: cannot read ${database}: ${(e as Error).message}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void blockMain(process.argv[2] ?? '', process.argv.slice(3), process.stdout, process.stderr).then((code) =>
    process.exit(code),
  );
}
