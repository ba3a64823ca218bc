import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { SECURITY_HEADERS } from '../../tools/security-csp';
import type { PrizeTable } from '../core';
import { ApiFail } from './api-error';
import { installErrorHandlers } from './http-errors';
import { type TerminalConfig, TerminalKeys } from './identity';
import { type AttemptLimits, CodeAttempts } from './printed/code-attempts';
import { PrintedService } from './printed/printed-service';
import type { PrintedStore } from './printed/printed-store';
import { printedStoreOf } from './printed/printed-stores';
import { type RetailerConfig, RetailerKeys } from './printed/retailers';
import { apiRoutes } from './routes/api';
import { printedRoutes } from './routes/printed-routes';
import type { Storage } from './storage/storage';
import { TicketService } from './ticket-service';

/** Bodies above this are refused (413 body-too-large): every request of the protocol is far smaller. */
export const BODY_LIMIT = 16 * 1024;

export interface AppOptions {
  readonly storage: Storage;
  readonly table: PrizeTable;
  readonly terminals?: readonly TerminalConfig[];
  readonly retailers?: readonly RetailerConfig[];
  /** Printed tickets' store; by default the storage's own (SQLite or PostgreSQL). */
  readonly printed?: PrintedStore;
  /** Wrong game codes allowed per screen and per address (the protocol's defaults when absent). */
  readonly codeAttempts?: AttemptLimits;
  /** The rate limit's clock (tests move it); Date.now by default. */
  readonly clock?: () => number;
  /** The built client to serve at `/`; null (or a missing folder) serves the API alone. */
  readonly staticDir?: string | null;
  /** fastify/pino level; 'silent' by default (tests). */
  readonly logLevel?: string;
}

/** The game server: the API, the built client, the security headers. Closing it closes the storage. */
export async function buildApp(o: AppOptions): Promise<FastifyInstance> {
  const logLevel = o.logLevel ?? 'silent';
  const perRequest = ['debug', 'trace'].includes(logLevel);
  const app = Fastify({
    logger: { level: logLevel },
    // One line per request only when asked for (debug, trace): at 15,000 requests/s the log would be the bottleneck.
    logController: new LogController({ disableRequestLogging: !perRequest }),
    // Below debug a request's log is the server's own (no request id bound): pino's child logger per request costs
    // more than the rest of fastify's routing.
    ...(perRequest ? {} : { childLoggerFactory: (logger: FastifyBaseLogger) => logger }),
    bodyLimit: BODY_LIMIT,
  });
  // Our own JSON parser: malformed JSON gets the protocol's `bad-json`; an empty body reads as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (e) {
      done(new ApiFail(400, 'bad-json', `the body is not valid JSON: ${(e as Error).message}`), undefined);
    }
  });
  // A callback hook with the header sets built once: every reply passes here, so no promise and no loop per reply.
  const apiHeaders = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : SECURITY_HEADERS);
    done(null, payload);
  });
  installErrorHandlers(app);

  const service = new TicketService(o.storage, o.table);
  const playerOf = apiRoutes(app, service, new TerminalKeys(o.terminals ?? []));
  const printed = new PrintedService(
    o.storage,
    o.printed ?? printedStoreOf(o.storage),
    new CodeAttempts(o.codeAttempts, o.clock),
  );
  service.setPrintedHolding((ticketId, playerId) => printed.holding(ticketId, playerId));
  printedRoutes(app, printed, playerOf, new RetailerKeys(o.retailers ?? []));
  if (o.staticDir && existsSync(o.staticDir)) {
    await app.register(fastifyStatic, { root: resolve(o.staticDir), index: 'index.html' });
    // The retailer's terminal: its own page of the build.
    if (existsSync(resolve(o.staticDir, 'retail.html')))
      app.get('/retail', (_request, reply) => reply.sendFile('retail.html'));
  }
  app.addHook('onClose', async () => o.storage.close());
  return app;
}
