/**
 * The CPU a durable command costs the ticket service and its storage, without HTTP: N players play whole tickets
 * against TicketService on a SQLite file, all of them at once (so requests group as under load), in this process.
 * Process CPU time (user + system) is far less moved by other work on the machine than requests per second, so this
 * is the figure to compare two versions of the storage by. A benchmark, not a test.
 *
 *   npm run bench:service [-- --players 100 --commands 20000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PRIZE_TABLE } from '../../src/core';
import { SeededSource } from '../../src/core/seeded-source';
import type { TicketUpdate } from '../../src/protocol/messages';
import { SqliteStorage } from '../../src/server/storage/sqlite-storage';
import { TicketService } from '../../src/server/ticket-service';
import { integerFlag, parseFlags, UsageError } from '../cli-args';
import { nextCommand } from './ticket-bot';

let players: number;
let target: number;
try {
  const flags = parseFlags(process.argv.slice(2), { players: { takesValue: true }, commands: { takesValue: true } });
  players = integerFlag(flags, 'players', 1, 10_000) ?? 100;
  target = integerFlag(flags, 'commands', 1, 10_000_000) ?? 20_000;
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(`service-cost: ${e.message}\nusage: npm run bench:service [-- --players N --commands N]\n`);
  process.exit(2);
}
const dir = await mkdtemp(path.join(os.tmpdir(), 'poule-service-cost-'));
const storage = SqliteStorage.open(path.join(dir, 'cost.sqlite'));
const service = new TicketService(storage, DEFAULT_PRIZE_TABLE);
let commands = 0;
let keys = 0;
const key = (): string => `k${++keys}`;

async function play(index: number, until: () => boolean): Promise<void> {
  const player = await service.createPlayer(randomBytes(32).toString('hex'));
  const choices = SeededSource.fromSeed(index + 1);
  while (!until()) {
    let r = await service.buy(player, key());
    if (r.status === 402) {
      await service.topUp(player, key());
      r = await service.buy(player, key());
    }
    commands++;
    if (r.status !== 200) throw new Error(`buy refused: ${r.body}`);
    let u = JSON.parse(r.body) as TicketUpdate;
    for (let c = nextCommand(u.snapshot, choices); c; c = nextCommand(u.snapshot, choices)) {
      const reply = await service.command(player, { key: key(), ticket: u.ticket, seq: u.nextSeq, command: c });
      commands++;
      if (reply.status !== 200) throw new Error(`command refused: ${reply.body}`);
      u = JSON.parse(reply.body) as TicketUpdate;
    }
  }
}

try {
  // Warm-up: JIT and the file's first pages.
  await Promise.all(Array.from({ length: players }, (_, i) => play(i, () => commands >= 2_000)));
  const from = commands;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: players }, (_, i) => play(players + i, () => commands - from >= target)));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  const n = commands - from;
  const us = (cpu.user + cpu.system) / n;
  process.stdout.write(
    `service cost: ${n} durable commands by ${players} players: ${us.toFixed(1)} µs CPU per command ` +
      `(user ${(cpu.user / n).toFixed(1)}, system ${(cpu.system / n).toFixed(1)}), ${Math.round(n / (wall / 1000))} commands/s in ${(wall / 1000).toFixed(1)} s, ` +
      `load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}\n`,
  );
  const count = (table: string): number =>
    (storage.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const tables = ['ticket_events', 'audit', 'replies', 'ledger', 'tickets'];
  process.stdout.write(
    `  rows per command (whole run): ${tables.map((t) => `${t} ${(count(t) / commands).toFixed(2)}`).join(', ')}\n`,
  );
} finally {
  storage.close();
  await rm(dir, { recursive: true, force: true });
}
