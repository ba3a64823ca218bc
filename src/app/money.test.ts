import { describe, expect, it } from 'vitest';
import { formatCents, numbersFor } from './money';

/** Intl writes narrow and plain no-break spaces; the tests read them as spaces. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('French figures (fr-FR)', () => {
  const fr = numbersFor('fr');
  it('writes money with a comma, grouped thousands and the euro after', () => {
    expect(plain(formatCents(400))).toBe('4,00 €');
    expect(plain(formatCents(2000))).toBe('20,00 €');
    expect(plain(formatCents(5))).toBe('0,05 €');
    expect(plain(formatCents(123_456))).toBe('1 234,56 €');
    expect(plain(fr.money(3_000_000))).toBe('30 000,00 €');
  });
  it('writes whole amounts without decimals when asked, and keeps cents that are there', () => {
    expect(plain(fr.money(3_000_000, { whole: true }))).toBe('30 000 €');
    expect(plain(fr.money(400, { whole: true }))).toBe('4 €');
    expect(plain(fr.money(450, { whole: true }))).toBe('4,50 €');
  });
  it('writes counts, decimals and percentages the French way', () => {
    expect(plain(fr.count(137_692))).toBe('137 692');
    expect(fr.decimal(3.7555, 2)).toBe('3,76');
    expect(plain(fr.percent(0.682374, 2))).toBe('68,24 %');
  });
});

describe('English figures (en-GB)', () => {
  const en = numbersFor('en');
  it('writes money with a point, comma-grouped thousands and the euro first', () => {
    expect(formatCents(400, 'en')).toBe('€4.00');
    expect(formatCents(2000, 'en')).toBe('€20.00');
    expect(formatCents(123_456, 'en')).toBe('€1,234.56');
    expect(en.money(3_000_000, { whole: true })).toBe('€30,000');
  });
  it('writes counts, decimals and percentages the English way', () => {
    expect(en.count(137_692)).toBe('137,692');
    expect(en.decimal(3.7555, 2)).toBe('3.76');
    expect(en.percent(0.682374, 2)).toBe('68.24%');
  });
  it('never shows a French comma in an English figure', () => {
    for (const c of [5, 400, 2000, 123_456, 3_000_000]) expect(formatCents(c, 'en')).not.toMatch(/\d,\d\d\b(?!\d)/);
  });
});
