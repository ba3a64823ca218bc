/**
 * The HTTP stack's own ceiling for the server bench: the game server's framework (fastify 5, the same defaults, no
 * logging) with one JSON handler that does nothing, in its own process as the game server is.
 *
 *   node --import tsx tools/game-server/empty-handler.ts   → prints "empty handler listening on http://127.0.0.1:PORT/"
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/empty', async () => ({ ok: true }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`empty handler listening on ${address}/\n`);
