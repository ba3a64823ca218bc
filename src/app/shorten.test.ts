import { describe, expect, it } from 'vitest';
import { shortValue } from './shorten';

describe('shortValue', () => {
  it('keeps a short value as it is', () => {
    expect(shortValue('soon')).toBe('soon');
    expect(shortValue('x'.repeat(32))).toBe('x'.repeat(32));
  });
  it('cuts a long value to its limit with an ellipsis', () => {
    for (const n of [33, 160, 320]) {
      const s = shortValue('a'.repeat(n));
      expect([...s]).toHaveLength(32);
      expect(s.endsWith('…')).toBe(true);
    }
    expect(shortValue('abcdef', 4)).toBe('abc…');
  });
  it('never splits a character made of two code units', () => {
    expect(shortValue('🐔'.repeat(10), 4)).toBe('🐔🐔🐔…');
  });
});
