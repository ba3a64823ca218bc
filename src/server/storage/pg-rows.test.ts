import { describe, expect, it } from 'vitest';
import { assemble, type Pending } from './pg-rows';

const begin: Pending = { name: 'begin', text: 'BEGIN', values: [] };
const commit: Pending = { name: 'commit', text: 'COMMIT', values: [] };

describe('a round trip’s writes gathered by kind (assemble)', () => {
  it('three commands’ rows go as one statement, a parent’s rows before those that reference them', () => {
    const pending: Pending[] = [begin];
    for (const t of ['T1', 'T2', 'T3']) {
      pending.push({ kind: 'events', row: [t, 4, 1, '{"type":"pick"}'] });
      pending.push({ kind: 'ticket-advance', row: [t, 2] });
      pending.push({ kind: 'reply', row: [7, `k-${t}`, 'h', 200, null, t, 1, 500, 'at'] });
    }
    pending.push(commit);
    const out = assemble(pending);
    expect(out.map((s) => s.text)).toEqual(['BEGIN', expect.stringMatching(/^WITH w0 AS \(UPDATE tickets/), 'COMMIT']);
    const cte = out[1]!.text;
    expect(cte.indexOf('UPDATE tickets')).toBeLessThan(cte.indexOf('INSERT INTO ticket_events'));
    expect(cte.indexOf('INSERT INTO ticket_events')).toBeLessThan(cte.indexOf('INSERT INTO replies'));
    const [advanced, events, replies] = out[1]!.values.map((v) => JSON.parse(String(v)) as Record<string, unknown>[]);
    expect(advanced!.map((r) => r['id'])).toEqual(['T1', 'T2', 'T3']);
    expect(events!.map((r) => r['ticket_id'])).toEqual(['T1', 'T2', 'T3']);
    expect(replies!.map((r) => r['key'])).toEqual(['k-T1', 'k-T2', 'k-T3']);
  });

  it('a row updated twice keeps its last write; a table written twice starts another statement', () => {
    const out = assemble([
      { kind: 'block-save', row: [1, 10, '[1]', 'open'] },
      { kind: 'block-save', row: [1, 11, '[0]', 'open'] },
      { kind: 'ticket-insert', row: ['T9', 1, 10, 0, 0, 7, 200, 500, 'at'] },
      { kind: 'ticket-advance', row: ['T8', 3] },
    ]);
    expect(out).toHaveLength(2);
    const saved = JSON.parse(String(out[0]!.values[0])) as { dealt: number }[];
    expect(saved.map((r) => r.dealt)).toEqual([11]);
    expect(out[0]!.text).toMatch(/INSERT INTO tickets/);
    expect(out[1]!.text).toMatch(/^UPDATE tickets/);
  });

  it('writes of other owners keep their place before the gathered rows, and a read is never moved', () => {
    const read: Pending = { name: 'r', text: 'SELECT 1', values: [] };
    const other: Pending = {
      name: 'o',
      text: 'UPDATE printed_tickets SET x = $1',
      values: [1],
      table: 'printed_tickets',
    };
    const out = assemble([{ kind: 'ledger', row: [7, 'stake', -200, 300, 'T1', 'at'] }, read, other]);
    expect(out.map((s) => s.text.split(' ').slice(0, 3).join(' '))).toEqual([
      'INSERT INTO ledger',
      'SELECT 1',
      'UPDATE printed_tickets SET',
    ]);
  });
});
