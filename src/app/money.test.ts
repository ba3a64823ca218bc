import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCents', () => {
  it('writes whole thousands without decimals, with a thin space between groups', () => {
    expect(plain(formatCents(100_000))).toBe('1 000 €');
    expect(plain(formatCents(3_000_000))).toBe('30 000 €');
  });
  it('writes smaller amounts with two decimals and a comma', () => {
    expect(plain(formatCents(400))).toBe('4,00 €');
    expect(plain(formatCents(2000))).toBe('20,00 €');
    expect(plain(formatCents(5))).toBe('0,05 €');
    expect(plain(formatCents(123_456))).toBe('1 234,56 €');
  });
});
