// Dealing a block without replacement: a whole block matches the table exactly, the next block starts after it,
// and the dealer's small state round-trips.
import { describe, expect, it } from 'vitest';
import { BlockDealer, type BlockState } from './block';
import { DEFAULT_PRIZE_TABLE, type PrizeTable, parsePrizeTable } from './prize-table';
import { RULES, type Rules } from './rules';
import { SeededSource } from './seeded-source';
import { goodnessOfFit } from './test-support/chi-square';
import type { Ticket } from './ticket';

const BLOCK = RULES.blockSize;
const rowOf = (table: PrizeTable, t: Ticket): number =>
  table.rows.findIndex((r) => r.a1Cents === t.a1Cents && r.a2Cents === t.a2Cents);

describe('a full block of the default table', () => {
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  const source = SeededSource.fromSeed(300_000);
  const counts = new Array<number>(DEFAULT_PRIZE_TABLE.rows.length).fill(0);
  const firstTenth = new Array<number>(DEFAULT_PRIZE_TABLE.rows.length).fill(0);
  let serialsInOrder = true;
  for (let i = 1; i <= BLOCK; i++) {
    const t = dealer.deal(source);
    if (t.serial.block !== 1 || t.serial.index !== i) serialsInOrder = false;
    const row = rowOf(DEFAULT_PRIZE_TABLE, t);
    counts[row]!++;
    if (i <= BLOCK / 10) firstTenth[row]!++;
  }

  it('deals exactly the table’s counts, with serials 1 to 300,000 of block 1', () => {
    expect(serialsInOrder).toBe(true);
    expect(counts).toEqual(DEFAULT_PRIZE_TABLE.rows.map((r) => r.count));
    expect(counts).toEqual([2, 6, 100, 1200, 5000, 16000, 50000, 90000, 137692]);
    expect(dealer.state()).toEqual({ block: 1, dealt: BLOCK, remaining: new Array(9).fill(0) });
  });

  it('spreads the prizes through the block: the first tenth holds about a tenth of each row', () => {
    // Rows of 2, 6 and 100 tickets are pooled so every expected count is at least 5. Dealing without replacement
    // varies less than the multinomial, so the test is conservative.
    const pooled = [firstTenth[0]! + firstTenth[1]! + firstTenth[2]!, ...firstTenth.slice(3)];
    const probabilities = [108 / BLOCK, ...DEFAULT_PRIZE_TABLE.rows.slice(3).map((r) => r.count / BLOCK)];
    const r = goodnessOfFit(pooled, probabilities);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('the 300,001st ticket starts block 2 with index 1, and block 2 is full again', () => {
    const t = dealer.deal(source);
    expect(t.serial).toEqual({ block: 2, index: 1 });
    const state = dealer.state();
    expect(state.block).toBe(2);
    expect(state.dealt).toBe(1);
    expect(state.remaining.reduce((a, b) => a + b, 0)).toBe(BLOCK - 1);
    expect(state.remaining[rowOf(DEFAULT_PRIZE_TABLE, t)]).toBe(
      DEFAULT_PRIZE_TABLE.rows[rowOf(DEFAULT_PRIZE_TABLE, t)]!.count - 1,
    );
  });
});

describe('BlockState', () => {
  it('round-trips: a dealer rebuilt from state() (through JSON) continues identically, across a block end', () => {
    const a = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const sa = SeededSource.fromSeed(12);
    for (let i = 0; i < BLOCK - 2_000; i++) a.deal(sa);
    const state = JSON.parse(JSON.stringify(a.state())) as BlockState;
    const b = new BlockDealer(DEFAULT_PRIZE_TABLE, state);
    const sb = SeededSource.fromState(sa.state());
    const fromA = Array.from({ length: 5_000 }, () => a.deal(sa));
    const fromB = Array.from({ length: 5_000 }, () => b.deal(sb));
    expect(fromB).toEqual(fromA);
    expect(fromA[1_999]!.serial).toEqual({ block: 1, index: BLOCK });
    expect(fromA[2_000]!.serial).toEqual({ block: 2, index: 1 });
    expect(b.state()).toEqual(a.state());
  });

  it('a resumed block deals exactly what was left', () => {
    const a = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const s = SeededSource.fromSeed(13);
    for (let i = 0; i < BLOCK - 10_000; i++) a.deal(s);
    const left = a.state().remaining;
    const b = new BlockDealer(DEFAULT_PRIZE_TABLE, a.state());
    const counts = new Array<number>(left.length).fill(0);
    for (let i = 0; i < 10_000; i++) counts[rowOf(DEFAULT_PRIZE_TABLE, b.deal(s))]!++;
    expect(counts).toEqual(left);
  });

  it('state() is a copy', () => {
    const d = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const st = d.state();
    d.deal(SeededSource.fromSeed(1));
    expect(st.dealt).toBe(0);
    expect(st.remaining).toEqual(DEFAULT_PRIZE_TABLE.rows.map((r) => r.count));
  });

  const full = DEFAULT_PRIZE_TABLE.rows.map((r) => r.count);
  const bad: [string, BlockState][] = [
    ['a missing row', { block: 1, dealt: 2, remaining: full.slice(1) }],
    ['an extra row', { block: 1, dealt: 0, remaining: [...full, 0] }],
    ['a negative count', { block: 1, dealt: 3, remaining: [-1, 6, ...full.slice(2)] }],
    ['more than the table holds', { block: 1, dealt: 0, remaining: [3, 5, ...full.slice(2)] }],
    ['a fractional count', { block: 1, dealt: 0, remaining: [1.5, 6.5, ...full.slice(2)] }],
    ['counts and dealt not adding up to the block', { block: 1, dealt: 5, remaining: full }],
    ['block 0', { block: 0, dealt: 0, remaining: full }],
    ['a fractional block', { block: 1.5, dealt: 0, remaining: full }],
    ['dealt that is not a number', { block: 1, dealt: Number.NaN, remaining: full }],
  ];
  it.each(bad)('refuses a state with %s', (_, state) => {
    expect(() => new BlockDealer(DEFAULT_PRIZE_TABLE, state)).toThrow(RangeError);
  });
  it('accepts a state at the very end of a block', () => {
    const d = new BlockDealer(DEFAULT_PRIZE_TABLE, { block: 4, dealt: BLOCK, remaining: new Array(9).fill(0) });
    expect(d.deal(SeededSource.fromSeed(1)).serial).toEqual({ block: 5, index: 1 });
  });
});

describe('dealing is uniform without replacement (a small block, exhaustively)', () => {
  it('in a block of 5 with one prize ticket, the prize is at each index equally often', () => {
    const rules: Rules = { ...RULES, blockSize: 5 };
    const parsed = parsePrizeTable(
      {
        name: 'tiny',
        rows: [
          { a1Cents: 999, a2Cents: 1, count: 1 },
          { a1Cents: 0, a2Cents: 0, count: 4 },
        ],
      },
      rules,
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const dealer = new BlockDealer(parsed.value, undefined, rules);
    const source = SeededSource.fromSeed(5);
    const at = [0, 0, 0, 0, 0];
    let blocksRight = true;
    for (let block = 1; block <= 20_000; block++) {
      const tickets = Array.from({ length: 5 }, () => dealer.deal(source));
      const right = tickets.every((t, i) => t.serial.block === block && t.serial.index === i + 1);
      if (!right || tickets.filter((t) => t.a1Cents === 999).length !== 1) blocksRight = false;
      at[tickets.findIndex((t) => t.a1Cents === 999)]!++;
    }
    expect(blocksRight).toBe(true);
    const r = goodnessOfFit(at);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });
});
