import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { UsageError } from '../../tools/cli-args';
import { buildApp } from './app';
import { faultsFromEnv } from './fault-injection';
import { HELP, parseServerOptions } from './options';
import { openStorage } from './storage/open-storage';
import { type Storage, StorageOpenError } from './storage/storage';

/** The line tests and scripts wait for: exactly one, on stdout, once the server accepts requests. */
export const readyLine = (host: string, port: number, database: string): string =>
  `poule server listening on http://${host.includes(':') ? `[${host}]` : host}:${port}/ (database ${database})`;

/**
 * Starts the server from command-line arguments. Returns the running app, or an exit code: 0 after --help,
 * 1 when the database cannot be opened or written, 2 for bad options or an invalid prize table or configuration.
 */
export async function runServer(argv: readonly string[]): Promise<FastifyInstance | number> {
  let options: ReturnType<typeof parseServerOptions>;
  let faults: ReturnType<typeof faultsFromEnv>;
  try {
    options = parseServerOptions(argv, process.env);
    faults = faultsFromEnv();
  } catch (e) {
    if (e instanceof UsageError || e instanceof Error) {
      process.stderr.write(`poule server: ${e.message}\n(see --help)\n`);
      return 2;
    }
    throw e;
  }
  if (options === null) {
    process.stdout.write(HELP);
    return 0;
  }
  let storage: Storage;
  try {
    storage = await openStorage(options.database, faults);
  } catch (e) {
    if (e instanceof StorageOpenError) {
      process.stderr.write(`poule server: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  const app = await buildApp({
    storage,
    table: options.table,
    terminals: options.terminals,
    retailers: options.retailers,
    ...(options.codeAttempts ? { codeAttempts: options.codeAttempts } : {}),
    staticDir: options.staticDir,
    logLevel: options.logLevel,
  });
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (e) {
    process.stderr.write(`poule server: cannot listen on ${options.host}:${options.port}: ${(e as Error).message}\n`);
    await app.close();
    return 1;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  process.stdout.write(`${readyLine(options.host, port, storage.description)}\n`);
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return app;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void runServer(process.argv.slice(2)).then((r) => {
    if (typeof r === 'number') process.exit(r);
  });
}
