import { describe, expect, it } from 'vitest';
import { formatKillReport, MIN_KILLS, runKillTest, verdict } from './kill-server';

/**
 * The game server killed with SIGKILL at least 200 times while six players play (tools/kill-server.ts): nothing the
 * players were told may change, no ticket may be lost, no prize paid twice. About two minutes here.
 */
describe('the game server under SIGKILL', () => {
  it(`loses nothing and repeats nothing across ${MIN_KILLS} kills`, { timeout: 600_000 }, async () => {
    const r = await runKillTest({ kills: MIN_KILLS, players: 6, seed: 1 });
    process.stdout.write(formatKillReport(r, MIN_KILLS));
    expect(r.kills).toBeGreaterThanOrEqual(MIN_KILLS);
    expect(r.byWay.afterCommit).toBeGreaterThan(0);
    expect(r.byWay.beforeCommit).toBeGreaterThan(0);
    expect(r.divergences).toEqual([]);
    expect(r.database.doublePayments).toBe(0);
    expect(r.database.problems).toEqual([]);
    expect(r.tickets).toBeGreaterThan(0);
    expect(verdict(r, MIN_KILLS).pass).toBe(true);
  });
});
