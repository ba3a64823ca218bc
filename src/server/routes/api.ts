import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HistoryView, SessionView } from '../../protocol/messages';
import { ApiFail, type Reply } from '../api-error';
import { credentialsOf, newToken, setCookieHeader, type TerminalKeys, tokenHash } from '../identity';
import { parseCommand, parseKeyed } from '../request-shapes';
import type { PlayerRow } from '../storage/storage';
import type { TicketService } from '../ticket-service';

const JSON_TYPE = 'application/json; charset=utf-8';
const MAX_KNOWN_PLAYERS = 100_000;

const send = (reply: FastifyReply, r: Reply): FastifyReply => reply.code(r.status).type(JSON_TYPE).send(r.body);

/** Who is asking, from a request's cookie or terminal key; refuses 401 when nobody. */
export type PlayerOf = (request: FastifyRequest) => Promise<PlayerRow>;

/** The game's API (src/protocol/messages.ts): session, buy, command, top-up, history, health. */
export function apiRoutes(app: FastifyInstance, service: TicketService, terminals: TerminalKeys): PlayerOf {
  const known = new Map<string, PlayerRow>();

  const terminalPlayer = (key: string): Promise<PlayerRow> => {
    const id = terminals.terminalOf(key);
    if (id === null)
      throw new ApiFail(401, 'bad-terminal-key', "this terminal key is not in the server's configuration");
    return service.terminalPlayer(id);
  };

  const cookiePlayer = async (token: string): Promise<PlayerRow | undefined> => {
    // Held by the token itself (this process's memory only; the database keeps hashes), so a known player costs no hash.
    const held = known.get(token);
    if (held) return held;
    const found = await service.playerByTokenHash(tokenHash(token));
    if (found) {
      // A cache of players seen, not a registry: bounded, and refilled from storage when cleared.
      if (known.size >= MAX_KNOWN_PLAYERS) known.clear();
      known.set(token, found);
    }
    return found;
  };

  /** The player asking, or 401: no cookie, a cookie the server never issued, or a wrong terminal key. */
  const playerOf = async (request: FastifyRequest): Promise<PlayerRow> => {
    const c = credentialsOf(request.headers.authorization, request.headers.cookie);
    if (c.kind === 'terminal') return terminalPlayer(c.key);
    const player = c.kind === 'cookie' ? await cookiePlayer(c.token) : undefined;
    if (!player) throw new ApiFail(401, 'no-session', 'no session: open one with POST /api/session');
    return player;
  };

  app.post('/api/session', async (request, reply) => {
    const c = credentialsOf(request.headers.authorization, request.headers.cookie);
    let player =
      c.kind === 'terminal'
        ? await terminalPlayer(c.key)
        : c.kind === 'cookie'
          ? await cookiePlayer(c.token)
          : undefined;
    if (!player) {
      // No cookie, or one this server never issued: a new player with a new wallet (the old token grants nothing).
      const token = newToken();
      player = await service.createPlayer(tokenHash(token));
      void reply.header('set-cookie', setCookieHeader(token));
    }
    const view: SessionView = await service.session(player);
    return reply.type(JSON_TYPE).send(JSON.stringify(view));
  });

  app.post('/api/buy', async (request, reply) => {
    const player = await playerOf(request);
    const { key } = parseKeyed(request.body);
    return send(reply, await service.buy(player, key));
  });

  app.post('/api/command', async (request, reply) => {
    const player = await playerOf(request);
    return send(reply, await service.command(player, parseCommand(request.body)));
  });

  app.post('/api/top-up', async (request, reply) => {
    const player = await playerOf(request);
    const { key } = parseKeyed(request.body);
    return send(reply, await service.topUp(player, key));
  });

  app.get('/api/history', async (request, reply) => {
    const view: HistoryView = await service.history(await playerOf(request));
    return reply.type(JSON_TYPE).send(JSON.stringify(view));
  });

  app.get('/api/health', async (_request, reply) => reply.type(JSON_TYPE).send('{"ok":true}'));
  return playerOf;
}
