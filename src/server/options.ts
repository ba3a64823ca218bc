import { readFileSync } from 'node:fs';
import { parseFlags, stringFlag, UsageError } from '../../tools/cli-args';
import { readTableFile } from '../../tools/table-file';
import { DEFAULT_PRIZE_TABLE, type PrizeTable } from '../core';
import type { TerminalConfig } from './identity';
import type { AttemptLimits } from './printed/code-attempts';
import { type RetailerConfig, readAttemptLimits, readRetailers } from './printed/retailers';

export const HELP = `poule game server: the game and its API on one port, every draw and record on the server.

usage: npm start -- [options]        (or: npx tsx src/server/main.ts [options])

  --port N            port to listen on (default 5173; 0 = any free port, the ready line names it)
  --host H            address to listen on (default 127.0.0.1)
  --database DB       SQLite database file, created with its folder (default data/poule.sqlite), or a
                      PostgreSQL URL postgres://user:password@host:port/dbname shared by several instances
                      (default: the DATABASE_URL environment variable when set)
  --prize-table FILE  prize table for new blocks, JSON as src/core/data/default-prize-table.json
                      (default: that table); an invalid file is refused at start, naming the row and field
  --config FILE       JSON configuration: { "terminals": [ { "id": "kiosk-1", "key": "…" } ],
                      "retailers": [ { "id": "shop-12", "shop": "Tabac de la Gare", "key": "…" } ],
                      "codeAttempts": { "limit": 10, "windowS": 300 } }   (every part optional)
                      (kiosk terminals send "Authorization: Terminal <key>", retailers "Retailer <key>")
  --static DIR        built client to serve at / (default dist)
  --log-level L       fatal, error, warn, info, debug, trace or silent (default warn)
  --help              this text

When ready it prints one line: poule server listening on http://HOST:PORT/ (database FILE or URL, no password)
SIGTERM or SIGINT closes it cleanly. Exit codes: 1 the database cannot be opened or written, 2 bad options or files.

Test only (fault injection for the kill test; never set in production):
  POULE_CRASH_BEFORE_COMMIT=N   SIGKILL just before the N-th commit holding a buy, command or top-up
  POULE_CRASH_AFTER_COMMIT=N    SIGKILL just after it, before any of its replies is written
`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly database: string;
  readonly table: PrizeTable;
  readonly terminals: readonly TerminalConfig[];
  readonly retailers: readonly RetailerConfig[];
  /** Wrong game codes allowed per screen and per address; the protocol's defaults when not configured. */
  readonly codeAttempts?: AttemptLimits;
  readonly staticDir: string;
  readonly logLevel: string;
}

const SPECS = {
  port: { takesValue: true },
  host: { takesValue: true },
  database: { takesValue: true },
  'prize-table': { takesValue: true },
  config: { takesValue: true },
  static: { takesValue: true },
  'log-level': { takesValue: true },
  help: { takesValue: false },
} as const;

/** Reads the command line; throws UsageError (exit 2) naming what is wrong. `null` means --help. */
export function parseServerOptions(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ServerOptions | null {
  const flags = parseFlags(argv, SPECS);
  if (flags.has('help')) return null;
  const portText = stringFlag(flags, 'port') ?? '5173';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(`--port must be a port number 0-65535, got "${portText}"`);
  const logLevel = stringFlag(flags, 'log-level') ?? 'warn';
  if (!LOG_LEVELS.includes(logLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const tableFile = stringFlag(flags, 'prize-table');
  let table = DEFAULT_PRIZE_TABLE;
  if (tableFile !== undefined) {
    const read = readTableFile(tableFile);
    if (!read.ok) throw new UsageError(read.error);
    table = read.value;
  }
  const configFile = stringFlag(flags, 'config');
  const config = configFile === undefined ? { terminals: [], retailers: [] } : readConfigFile(configFile);
  return {
    port,
    host: stringFlag(flags, 'host') ?? '127.0.0.1',
    database: stringFlag(flags, 'database') ?? (env['DATABASE_URL'] || 'data/poule.sqlite'),
    table,
    ...config,
    staticDir: stringFlag(flags, 'static') ?? 'dist',
    logLevel,
  };
}

/** The whole configuration file: terminals, retailers and code attempt limits. */
export function readConfigFile(file: string): Pick<ServerOptions, 'terminals' | 'retailers' | 'codeAttempts'> {
  const data = readConfigJson(file);
  const codeAttempts = readAttemptLimits(data, file);
  return {
    terminals: readConfig(file, data),
    retailers: readRetailers(data, file),
    ...(codeAttempts ? { codeAttempts } : {}),
  };
}

function readConfigJson(file: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`cannot read the configuration file "${file}": ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError(
      `the configuration file "${file}" must be a JSON object with "terminals": [ { "id", "key" } ] and/or "retailers"`,
    );
  }
  return data as Record<string, unknown>;
}

/** The configuration file's terminals (optional), each with a non-empty id and key, no id or key twice. */
export function readConfig(file: string, data: Record<string, unknown> = readConfigJson(file)): TerminalConfig[] {
  const terminals = data['terminals'] ?? [];
  if (!Array.isArray(terminals)) {
    throw new UsageError(
      `the configuration file "${file}" must be a JSON object with "terminals": [ { "id", "key" } ]`,
    );
  }
  const ids = new Set<string>();
  const keys = new Set<string>();
  return terminals.map((t: unknown, i) => {
    const where = `the configuration file "${file}", terminal ${i + 1}`;
    const { id, key } = (typeof t === 'object' && t !== null ? t : {}) as { id?: unknown; key?: unknown };
    if (typeof id !== 'string' || id === '') throw new UsageError(`${where}: "id" must be a non-empty string`);
    if (typeof key !== 'string' || key.length < 8 || /\s/.test(key)) {
      throw new UsageError(`${where}: "key" must be a string of at least 8 characters without spaces`);
    }
    if (ids.has(id)) throw new UsageError(`${where}: id "${id}" is given twice`);
    if (keys.has(key)) throw new UsageError(`${where}: its key is already another terminal's`);
    ids.add(id);
    keys.add(key);
    return { id, key };
  });
}
