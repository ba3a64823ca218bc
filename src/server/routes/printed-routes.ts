import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimView, CodeRequest, PayRequest, RetailerView } from '../../protocol/messages';
import { ApiFail } from '../api-error';
import type { PrintedService } from '../printed/printed-service';
import { type Retailer, type RetailerKeys, retailerKeyOf } from '../printed/retailers';
import type { PlayerOf } from './api';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A code as typed may carry spaces, or be a whole scanned play address: generous, yet far from the body limit. */
const MAX_CODE_TEXT = 400;

const sendJson = (reply: FastifyReply, value: unknown): FastifyReply =>
  reply.type(JSON_TYPE).send(JSON.stringify(value));
const bad = (message: string): ApiFail => new ApiFail(400, 'bad-request', message);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function codeOf(body: unknown): CodeRequest {
  if (!isObject(body)) throw bad('the body must be a JSON object');
  const code = body['code'];
  if (typeof code !== 'string' || code.length > MAX_CODE_TEXT)
    throw bad(`"code" must be the ticket's game code, a string of at most ${MAX_CODE_TEXT} characters`);
  return { code };
}

function payOf(body: unknown): PayRequest {
  const { code } = codeOf(body);
  const cents = (body as Record<string, unknown>)['prizeCents'];
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents) || cents < 0)
    throw bad('"prizeCents" must be the amount shown and confirmed, in whole cents');
  return { code, prizeCents: cents };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Printed tickets: a screen claims one by its code; the retailer's terminal sells, checks, pays and reports. */
export function printedRoutes(
  app: FastifyInstance,
  printed: PrintedService,
  playerOf: PlayerOf,
  retailers: RetailerKeys,
): void {
  app.post('/api/ticket/claim', async (request, reply) => {
    const player = await playerOf(request);
    const { code } = codeOf(request.body);
    const screen = player.kind === 'terminal' ? `terminal:${player.terminalId ?? player.id}` : `player:${player.id}`;
    const view: ClaimView = await printed.claim(player, code, { screen, address: request.ip });
    return sendJson(reply, view);
  });

  const retailerOf = (request: FastifyRequest): Retailer => {
    const key = retailerKeyOf(request.headers.authorization);
    const retailer = key === null ? null : retailers.retailerOf(key);
    if (!retailer)
      throw new ApiFail(401, 'bad-retailer-key', "sign in with a retailer key from the server's configuration");
    return retailer;
  };
  const askerOf = (request: FastifyRequest, r: Retailer) => ({ screen: `retailer:${r.id}`, address: request.ip });

  app.post('/api/retail/sign-in', async (request, reply) => {
    const r = retailerOf(request);
    const view: RetailerView = { retailer: r.id, shop: r.shop };
    return sendJson(reply, view);
  });

  app.post('/api/retail/sell', async (request, reply) => {
    const r = retailerOf(request);
    return sendJson(reply, await printed.sell(r, codeOf(request.body).code, askerOf(request, r)));
  });

  app.post('/api/retail/check', async (request, reply) => {
    const r = retailerOf(request);
    return sendJson(reply, await printed.check(codeOf(request.body).code, askerOf(request, r)));
  });

  app.post('/api/retail/pay', async (request, reply) => {
    const r = retailerOf(request);
    return sendJson(reply, await printed.pay(r, payOf(request.body), askerOf(request, r)));
  });

  app.get('/api/retail/report', async (request, reply) => {
    retailerOf(request);
    const asked = (request.query as Record<string, unknown> | undefined)?.['day'];
    const day = asked === undefined ? new Date().toISOString().slice(0, 10) : asked;
    if (typeof day !== 'string' || !DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      throw bad('"day" must be a date YYYY-MM-DD (UTC)');
    }
    return sendJson(reply, await printed.report(day));
  });
}
