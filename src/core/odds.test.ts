// The exact odds, from the rules' parameters: SPEC.md's figures, the response to other parameters, and agreement with
// a brute-force enumeration and with a simulation through the real game on a tiny rule set.
import { describe, expect, it } from 'vitest';
import { Fraction } from './fraction';
import { Game } from './game';
import { roundOdds, tableOdds, ticketOdds } from './odds';
import { DEFAULT_PRIZE_TABLE, parsePrizeTable } from './prize-table';
import { RULES, type Rules } from './rules';
import { SeededSource } from './seeded-source';
import { bruteForceRound } from './test-support/brute-force';
import { eventsOf, playToEnd, randomBot, TEST_TICKET } from './test-support/play';

const F = (n: number, d = 1): Fraction => Fraction.of(n, d);
const str = (f: Fraction): string => f.toString();

describe('the odds of SPEC.md', () => {
  it('a round: 1/30 at the first pick, 77/390 later, 3/13 in all, 558/91 picks on average', () => {
    const r = roundOdds();
    expect(str(r.pFirstPick)).toBe('1/30');
    expect(str(r.pLaterPick)).toBe('77/390');
    expect(str(r.pWin)).toBe('3/13');
    expect(str(r.meanPicks)).toBe('558/91');
    expect(r.meanPicks.toDecimal(4)).toBe('6.1319');
  });

  it('a ticket: Extra 2/13, A1 1/26, A2 77/338, a win 45/169 (about 1 in 3.76)', () => {
    const t = ticketOdds();
    expect(str(t.pExtra)).toBe('2/13');
    expect(str(t.pA1)).toBe('1/26');
    expect(str(t.pA2)).toBe('77/338');
    expect(str(t.pWin)).toBe('45/169');
    expect(F(1).div(t.pWin).toDecimal(2)).toBe('3.76');
    // Round 1 always, round 2 with probability 2/13.
    expect(t.meanPicksPerTicket.equals(F(558, 91).mul(F(15, 13)))).toBe(true);
  });

  it('the default table: rtp 8649097/12675000 and 409,424.71 € per block', () => {
    const o = tableOdds(DEFAULT_PRIZE_TABLE);
    expect(str(o.rtp)).toBe('8649097/12675000');
    expect(o.rtp.toDecimal(4)).toBe('0.6824');
    expect(o.blockPayoutCents.toDecimal(2)).toBe('40942471.01');
    expect(o.ticketPayoutCents.equals(o.blockPayoutCents.div(F(300_000)))).toBe(true);
    expect(o.rtp.equals(o.blockPayoutCents.div(F(300_000 * 200)))).toBe(true);
  });

  it('a ticket is worth A1/26 + 77·A2/338, for any table', () => {
    const rows = [{ a1Cents: 123_457, a2Cents: 999, count: 300_000 }];
    const table = parsePrizeTable({ name: 'one row', rows });
    if (!table.ok) throw new Error(table.error.message);
    const expected = F(123_457, 26).add(F(77 * 999, 338));
    expect(tableOdds(table.value).ticketPayoutCents.equals(expected)).toBe(true);
  });
});

describe('the odds follow the rules’ parameters', () => {
  // Chicks never change the picks left, so a round is won iff the egg comes before the p-th empty cell among the
  // eggs and empties: P = p / (empties + 1). The first pick finds the egg with 1/hens.
  it.each([1, 2, 3, 4, 5])('with %i picks at the start, P(round won) = p/13', (p) => {
    const rules: Rules = { ...RULES, picksAtStart: p };
    const r = roundOdds(rules);
    expect(r.pWin.equals(F(p, RULES.empties + 1))).toBe(true);
    expect(r.pFirstPick.equals(F(1, 30))).toBe(true);
    const t = ticketOdds(rules);
    expect(t.pWin.equals(r.pWin.mul(F(1).add(F(1).sub(r.pWin).div(F(rules.haystacks)))))).toBe(true);
  });

  it('4 picks change P(win) away from 45/169 (to 296/845), and 10 haystacks lower P(Extra)', () => {
    expect(str(ticketOdds({ ...RULES, picksAtStart: 4 }).pWin)).toBe('296/845');
    expect(str(ticketOdds({ ...RULES, haystacks: 10 }).pExtra)).toBe('1/13');
    expect(str(ticketOdds({ ...RULES, extraRounds: 0 }).pWin)).toBe('3/13');
  });

  it.each<[string, Partial<Rules>]>([
    ['the real rules with fewer chicks', { hens: 10, eggs: 1, chicks: 4, empties: 5, picksAtStart: 3 }],
    ['one pick', { hens: 4, eggs: 1, chicks: 0, empties: 3, picksAtStart: 1 }],
    ['two eggs', { hens: 7, eggs: 2, chicks: 2, empties: 3, picksAtStart: 2 }],
    ['all chicks but one', { hens: 6, eggs: 1, chicks: 4, empties: 1, picksAtStart: 1 }],
    ['more picks than empties', { hens: 5, eggs: 1, chicks: 2, empties: 2, picksAtStart: 3 }],
  ])('agree with a brute-force enumeration of every order: %s', (_, patch) => {
    const rules: Rules = { ...RULES, ...patch };
    const exact = roundOdds(rules);
    const brute = bruteForceRound(rules);
    expect(str(exact.pFirstPick)).toBe(str(brute.pFirstPick));
    expect(str(exact.pLaterPick)).toBe(str(brute.pLaterPick));
    expect(str(exact.meanPicks)).toBe(str(brute.meanPicks));
  });

  it('agree with 100,000 tickets played through the real game on a tiny rule set (within 3 standard errors)', () => {
    const tiny: Rules = { ...RULES, hens: 6, eggs: 1, chicks: 2, empties: 3, picksAtStart: 2, haystacks: 3 };
    const exact = ticketOdds(tiny);
    const N = 100_000;
    const source = SeededSource.fromSeed(606);
    const bot = randomBot(607, tiny.haystacks);
    let a1 = 0;
    let a2 = 0;
    let extras = 0;
    let picks = 0;
    let picksSquared = 0;
    for (let i = 0; i < N; i++) {
      const j = playToEnd(Game.start(TEST_TICKET, source, tiny), bot).journal;
      const won = eventsOf(j, 'roundWon')[0];
      if (won?.prize === 'A1') a1++;
      if (won?.prize === 'A2') a2++;
      if (eventsOf(j, 'haystackOpened')[0]?.extraWon) extras++;
      const k = eventsOf(j, 'henLifted').length;
      picks += k;
      picksSquared += k * k;
    }
    const near = (observed: number, p: number, se: number): void =>
      expect(Math.abs(observed - p), `observed ${observed}, exact ${p}, se ${se}`).toBeLessThan(3 * se);
    const binomial = (hits: number, f: Fraction): void => {
      const p = f.toNumber();
      near(hits / N, p, Math.sqrt((p * (1 - p)) / N));
    };
    binomial(a1, exact.pA1);
    binomial(a2, exact.pA2);
    binomial(extras, exact.pExtra);
    const mean = picks / N;
    near(mean, exact.meanPicksPerTicket.toNumber(), Math.sqrt((picksSquared / N - mean * mean) / N));
  });
});

describe('Fraction', () => {
  it('keeps lowest terms with a positive denominator', () => {
    expect(str(F(6, -4))).toBe('-3/2');
    expect(str(F(0, 7))).toBe('0/1');
    expect(F(2, 4).equals(F(1, 2))).toBe(true);
    expect(str(F(1, 3).add(F(1, 6)).sub(F(1, 2)))).toBe('0/1');
    expect(str(F(2, 3).mul(F(9, 4)).div(F(3, 2)))).toBe('1/1');
  });
  it('refuses a zero denominator', () => {
    expect(() => F(1, 0)).toThrow(RangeError);
    expect(() => F(1).div(F(0))).toThrow(RangeError);
  });
  it('rounds decimals half up, and converts huge fractions without losing precision', () => {
    expect(F(1, 8).toDecimal(2)).toBe('0.13');
    expect(F(-1, 8).toDecimal(2)).toBe('-0.13');
    expect(F(-1, 1000).toDecimal(2)).toBe('0.00');
    expect(F(2, 3).toDecimal(0)).toBe('1');
    const huge = Fraction.of(10n ** 40n + 1n, 3n * 10n ** 40n);
    expect(huge.toNumber()).toBeCloseTo(1 / 3, 15);
  });
});
