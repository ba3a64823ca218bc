import { describe, expect, it } from 'vitest';
import { I18n } from './i18n';
import { rulesContent, ticketPrice, ticketWords, topPrize } from './words';

const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the figures of the rules, the ticket and the title follow the language', () => {
  it('English: odds « 1 in 3.76 », « 68.24% », amounts « €30,000 », counts « 137,692 »', () => {
    const i = new I18n('en');
    const r = rulesContent(i);
    expect(r.odds[0]).toContain('(1 in 3.76)');
    expect(r.odds[4]).toContain('68.24%');
    expect(r.rows[0]).toEqual(['€30,000', '€1,000', '2']);
    expect(r.rows.at(-1)).toEqual(['€4', '€2', '137,692']);
    expect(ticketPrice(i)).toBe('€2.00');
    expect(topPrize(i)).toBe('€30,000');
    expect(ticketWords(i).money(2000)).toBe('€20.00');
    const all = [...r.odds, ...r.rows.flat()].join(' ');
    expect(all).not.toMatch(/\d,\d{2}(?!\d)/);
  });
  it('French: « 1 sur 3,76 », « 68,24 % », one format in the whole table', () => {
    const i = new I18n('fr');
    const r = rulesContent(i);
    expect(r.odds[0]).toContain('(1 sur 3,76)');
    expect(plain(r.odds[4]!)).toContain('68,24 %');
    expect(r.rows.map((row) => plain(row[0]))).toEqual([
      '30 000 €',
      '5 000 €',
      '1 000 €',
      '200 €',
      '100 €',
      '40 €',
      '20 €',
      '10 €',
      '4 €',
    ]);
    expect(plain(ticketPrice(i))).toBe('2,00 €');
    expect(plain(topPrize(i))).toBe('30 000 €');
  });
});
