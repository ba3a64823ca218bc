// The prize table: the default one is SPEC.md's, and every invalid table is refused with a message naming the fault.
import { describe, expect, it } from 'vitest';
import defaultJson from './data/default-prize-table.json';
import { DEFAULT_PRIZE_TABLE, parsePrizeTable } from './prize-table';

type Row = { a1Cents: unknown; a2Cents: unknown; count: unknown };
const baseRows = (): Row[] => defaultJson.rows.map((r) => ({ ...r }));
const withRow = (i: number, patch: Partial<Row>): Record<string, unknown> => {
  const rows: unknown[] = baseRows();
  rows[i] = { ...(rows[i] as Row), ...patch };
  return { ...defaultJson, rows };
};

function problems(data: unknown): readonly string[] {
  const r = parsePrizeTable(data);
  if (r.ok) throw new Error('the table was accepted');
  expect(r.error.code).toBe('invalid-prize-table');
  expect(r.error.message).toContain(r.error.problems[0]!);
  return r.error.problems;
}

describe('the default table', () => {
  it('is SPEC.md’s table, in cents, labelled as ours', () => {
    expect(DEFAULT_PRIZE_TABLE.official).toBe(false);
    expect(DEFAULT_PRIZE_TABLE.name.length).toBeGreaterThan(0);
    expect(DEFAULT_PRIZE_TABLE.rows.map((r) => [r.a1Cents / 100, r.a2Cents / 100, r.count])).toEqual([
      [30_000, 1_000, 2],
      [5_000, 500, 6],
      [1_000, 100, 100],
      [200, 40, 1_200],
      [100, 20, 5_000],
      [40, 10, 16_000],
      [20, 5, 50_000],
      [10, 3, 90_000],
      [4, 2, 137_692],
    ]);
  });
  it('is frozen: nobody changes the prizes at run time', () => {
    expect(Object.isFrozen(DEFAULT_PRIZE_TABLE)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PRIZE_TABLE.rows)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PRIZE_TABLE.rows[0])).toBe(true);
  });
  it('another valid table is accepted (one row, A1 = A2 allowed)', () => {
    const r = parsePrizeTable({ name: 'flat', official: true, rows: [{ a1Cents: 200, a2Cents: 200, count: 300_000 }] });
    expect(r.ok && r.value).toEqual({
      name: 'flat',
      official: true,
      rows: [{ a1Cents: 200, a2Cents: 200, count: 300_000 }],
    });
  });
});

describe('an invalid table is refused, naming what is wrong', () => {
  it('counts that do not sum to 300,000', () => {
    expect(problems(withRow(8, { count: 137_691 }))).toEqual([expect.stringMatching(/299999.*300000/)]);
    expect(problems(withRow(0, { count: 3 }))).toEqual([expect.stringMatching(/300001/)]);
  });
  it.each([
    ['a negative A1', 2, { a1Cents: -100000 }, /row 3: a1Cents must not be negative/],
    ['a negative A2', 4, { a2Cents: -1 }, /row 5: a2Cents must not be negative/],
    ['fractional cents in A1', 8, { a1Cents: 400.5 }, /row 9: a1Cents must be whole cents/],
    ['fractional cents in A2', 0, { a2Cents: 100000.01 }, /row 1: a2Cents must be whole cents/],
    ['A1 below A2', 1, { a1Cents: 400, a2Cents: 50000 }, /row 2: A1 .*must not be less than A2/],
    ['an amount as a string', 0, { a1Cents: '3000000' }, /row 1: a1Cents must be a number/],
    ['an amount missing', 6, { a2Cents: undefined }, /row 7: a2Cents must be a number/],
    ['an amount that is not finite', 3, { a1Cents: Number.POSITIVE_INFINITY }, /row 4: a1Cents must be a number/],
    ['a count as a string', 5, { count: '16000' }, /row 6: count must be a whole number/],
    ['a negative count', 7, { count: -90000 }, /row 8: count must be a whole number/],
    ['a fractional count', 7, { count: 90000.5 }, /row 8: count must be a whole number/],
    ['an amount too large to be exact', 0, { a1Cents: 2 ** 60 }, /row 1: a1Cents is too large/],
  ])('%s', (_, row, patch, message) => {
    const found = problems(withRow(row, patch));
    expect(
      found.some((p) => message.test(p)),
      found.join(' | '),
    ).toBe(true);
  });
  it.each([null, undefined, 42, 'table', [], [{ a1Cents: 1, a2Cents: 1, count: 300000 }]])(
    'a table that is not an object: %j',
    (data) => {
      expect(problems(data)).toEqual([expect.stringMatching(/must be a JSON object/)]);
    },
  );
  it.each([
    ['no rows', { name: 'x' }],
    ['empty rows', { name: 'x', rows: [] }],
    ['rows as an object', { name: 'x', rows: { a1Cents: 1 } }],
  ])('missing rows: %s', (_, data) => {
    expect(problems(data).some((p) => p.includes('"rows"'))).toBe(true);
  });
  it('a row that is not an object', () => {
    const t = withRow(0, {});
    (t['rows'] as unknown[])[3] = 42;
    expect(problems(t)).toEqual([expect.stringMatching(/^row 4: must be an object/)]);
  });
  it('a name or an official flag of the wrong type', () => {
    expect(problems({ ...defaultJson, name: 5 })).toEqual(['"name" must be a string']);
    expect(problems({ ...defaultJson, official: 'yes' })).toEqual(['"official" must be true or false']);
  });
  it('reports every fault at once', () => {
    const t = withRow(0, { a1Cents: -1 });
    (t['rows'] as Row[])[1] = { a1Cents: 1, a2Cents: 2, count: 6 };
    const found = problems(t);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^row 1:/);
    expect(found[1]).toMatch(/^row 2:/);
  });
});
