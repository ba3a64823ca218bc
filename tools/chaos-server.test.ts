import { describe, expect, it } from 'vitest';
import { chaosPasses, formatChaos, runChaos } from './chaos-server';

/**
 * Three game-server instances on one PostgreSQL under 300 simulated players for two minutes, one instance killed
 * with SIGKILL every 15 s and restarted, PostgreSQL restarted once (tools/chaos-server.ts): nothing the players were
 * told may change, every block reconciles, the audit chain verifies, no prize is paid twice, no stake is lost. About
 * four minutes here (CI installs PostgreSQL in .ci/run).
 */
describe('three instances on one PostgreSQL under SIGKILLs and a database restart', () => {
  it('300 players for 2 minutes: every check holds', { timeout: 900_000 }, async () => {
    const r = await runChaos({
      players: 300,
      seconds: 120,
      thinkMs: 250,
      instances: 3,
      killEveryMs: 15_000,
      progress: process.stdout,
    });
    process.stdout.write(formatChaos(r));
    expect(r.kills).toBeGreaterThanOrEqual(6);
    expect(r.postgresRestarts).toBe(1);
    expect(r.tickets).toBeGreaterThan(0);
    // Every keyed request's stored reply was compared with the one its player got; some were asked again.
    expect(r.storedChecked).toBe(r.requests);
    expect(r.reasked).toBeGreaterThan(0);
    expect(r.divergences).toEqual([]);
    expect(r.database.problems).toEqual([]);
    expect(r.database.doublePayments).toBe(0);
    expect(r.openTickets).toBe(0);
    expect(r.blocks.auditProblem).toBeNull();
    expect(r.blocks.blocks.every((b) => b.reconciles)).toBe(true);
    expect(chaosPasses(r)).toBe(true);
  });
});
