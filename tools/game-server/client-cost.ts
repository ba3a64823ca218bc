/**
 * What the load generator itself costs: the same 100 clients post to the empty handler through node:http
 * (PlayerClient), through undici (FastClient) and by hand (RawClient), in turns, and this process's CPU time per
 * request is printed beside the handler's. The generator shares the cores with the server, so its cost is taken from the server's
 * figures. A benchmark, not a test.
 *
 *   npx tsx tools/game-server/client-cost.ts [--clients 100 --seconds 3 --rounds 3]
 */
import os from 'node:os';
import { integerFlag, parseFlags, secondsFlag, UsageError } from '../cli-args';
import { FastClient } from './fast-client';
import { type GameClient, PlayerClient } from './http-client';
import { RawClient } from './raw-client';
import { cpuMillisOf, type RunningServer, startChild } from './server-process';

let clients: number;
let seconds: number;
let rounds: number;
try {
  const flags = parseFlags(process.argv.slice(2), {
    clients: { takesValue: true },
    seconds: { takesValue: true },
    rounds: { takesValue: true },
  });
  clients = integerFlag(flags, 'clients', 1, 10_000) ?? 100;
  seconds = secondsFlag(flags, 'seconds') ?? 3;
  rounds = integerFlag(flags, 'rounds', 1, 100) ?? 3;
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(
    `client-cost: ${e.message}\nusage: npx tsx tools/game-server/client-cost.ts [--clients N --seconds S --rounds N]\n`,
  );
  process.exit(2);
}

async function drive(server: RunningServer, make: () => GameClient): Promise<string> {
  const cs = Array.from({ length: clients }, make);
  // Sockets opened and the JIT warmed before measuring.
  await Promise.all(cs.map((c) => c.post('/empty', {})));
  const serverFrom = await cpuMillisOf(server.pid);
  const cpu0 = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    cs.map(async (c) => {
      while (performance.now() < end) {
        const r = await c.post('/empty', {});
        if (r.status !== 200) throw new Error(`the empty handler answered ${r.status}`);
        n++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const serverTo = await cpuMillisOf(server.pid);
  for (const c of cs) c.close();
  const handlerCpu =
    serverFrom !== null && serverTo !== null ? `${(((serverTo - serverFrom) * 1000) / n).toFixed(0)} µs` : 'n/a';
  return `${Math.round(n / seconds)} req/s, generator ${((cpu.user + cpu.system) / n).toFixed(0)} µs CPU per request, handler ${handlerCpu}`;
}

const handler = await startChild(
  ['tools/game-server/empty-handler.ts'],
  /empty handler listening on (http:\/\/\S+)/,
  {},
  30_000,
);
try {
  for (let round = 1; round <= rounds; round++) {
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    process.stdout.write(`round ${round} (load ${load})\n`);
    process.stdout.write(`  node:http ${await drive(handler, () => new PlayerClient(() => handler.url))}\n`);
    process.stdout.write(`  undici    ${await drive(handler, () => new FastClient(() => handler.url))}\n`);
    process.stdout.write(`  raw       ${await drive(handler, () => new RawClient(() => handler.url))}\n`);
  }
} finally {
  await handler.kill();
}
