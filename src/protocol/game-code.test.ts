import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECK_ALPHABET, CODE_ALPHABET, formatGameCode, parseGameCode, playAddress } from './game-code';

const sample = (): string => formatGameCode(randomBytes(15));

describe('game codes', () => {
  it('are 4 groups of 6 Crockford characters and a check, and read back as written', () => {
    for (let i = 0; i < 500; i++) {
      const code = sample();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}(-[0-9A-HJKMNP-TV-Z]{6}){3}-[0-9A-HJKMNP-TV-Z*~$=U]$/);
      expect(parseGameCode(code)).toEqual({ ok: true, code });
      expect(parseGameCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toEqual({ ok: true, code });
    }
  });

  it('carry the 120 bits they were made from (all zeros, all ones)', () => {
    expect(formatGameCode(new Uint8Array(15))).toBe('000000-000000-000000-000000-0');
    const ones = formatGameCode(new Uint8Array(15).fill(255));
    expect(ones.startsWith('ZZZZZZ-ZZZZZZ-ZZZZZZ-ZZZZZZ-')).toBe(true);
    // 2^120 - 1 modulo 37, computed apart.
    expect(ones.at(-1)).toBe(CHECK_ALPHABET[Number((2n ** 120n - 1n) % 37n)]);
  });

  it('catch every single mistyped character and every swap of two neighbours', () => {
    for (let n = 0; n < 20; n++) {
      const code = sample().replace(/-/g, '');
      for (let i = 0; i < code.length; i++) {
        const alphabet = i < 24 ? CODE_ALPHABET : CHECK_ALPHABET;
        for (const ch of alphabet) {
          if (ch === code[i]) continue;
          const typo = code.slice(0, i) + ch + code.slice(i + 1);
          expect(parseGameCode(typo).ok, typo).toBe(false);
        }
        if (i + 1 < 24 && code[i] !== code[i + 1]) {
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          expect(parseGameCode(swapped).ok, swapped).toBe(false);
        }
      }
    }
  });

  it('name what is wrong: empty, length, character, check', () => {
    const code = sample();
    expect(parseGameCode('')).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseGameCode(code.slice(0, -2))).toMatchObject({ ok: false, problem: 'length' });
    expect(parseGameCode(`${code}0`)).toMatchObject({ ok: false, problem: 'length' });
    expect(parseGameCode(`#${code.slice(1)}`)).toMatchObject({ ok: false, problem: 'character' });
    expect(parseGameCode(`U${code.slice(1)}`)).toMatchObject({ ok: false, problem: 'character' });
  });

  it('read O as 0 and I, L as 1', () => {
    const code = formatGameCode(new Uint8Array(15));
    expect(parseGameCode(code.replace(/0/g, 'O'))).toEqual({ ok: true, code });
    const one = formatGameCode(Uint8Array.from([8, 66, 16, 132, 33, 8, 66, 16, 132, 33, 8, 66, 16, 132, 33]));
    expect(one.slice(0, 6)).toBe('111111');
    expect(parseGameCode(one.replace(/1/g, 'l').replace(/^l/, 'I'))).toEqual({ ok: true, code: one });
  });

  it('make the play address, and a scanned address reads back to its code', () => {
    for (let i = 0; i < 200; i++) {
      const code = sample();
      const address = playAddress('https://jeu.example/poule/', code);
      expect(address.startsWith('https://jeu.example/poule/?code=')).toBe(true);
      expect(new URL(address).searchParams.get('code')).toBe(code);
      expect(parseGameCode(address)).toEqual({ ok: true, code });
    }
  });
});
