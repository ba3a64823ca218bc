import { describe, expect, it } from 'vitest';
import { parseGameCode } from '../../protocol/game-code';
import type { ApiErrorCode } from '../../protocol/messages';
import { waitWords } from './printed-words';
import { parseWords, refusalWords } from './refusal-words';

const refusal = (code: ApiErrorCode, extra: object = {}) => ({ code, message: `server says ${code}`, ...extra });

describe('a printed ticket refused, in words', () => {
  it('gives each refusal its own words, in French and in English', () => {
    const codes: ApiErrorCode[] = [
      'code-malformed',
      'code-unknown',
      'ticket-unsold',
      'ticket-ended',
      'ticket-already-paid',
      'ticket-taken-over',
      'too-many-attempts',
    ];
    for (const lang of ['fr', 'en'] as const) {
      const words = codes.map((c) => refusalWords(lang, refusal(c)));
      expect(new Set(words).size, words.join(' | ')).toBe(codes.length);
      for (const w of words) expect(w).not.toMatch(/server says/);
    }
  });

  it('names when and where a paid ticket was paid', () => {
    const paid = { at: '2026-12-04T18:05:00Z', retailer: 'shop-12', shop: 'Tabac de la Gare', prizeCents: 4000 };
    expect(refusalWords('fr', refusal('ticket-already-paid', { paid }))).toMatch(
      /payé le 4 décembre 2026 .*\(Tabac de la Gare\)/,
    );
    expect(refusalWords('en', refusal('ticket-already-paid', { paid }))).toMatch(
      /paid on 4 December 2026 .*\(Tabac de la Gare\)/,
    );
  });

  it('says how long to wait when too many codes were tried, rounded up', () => {
    expect(refusalWords('fr', refusal('too-many-attempts', { retryAfterS: 42.2 }))).toBe(
      'Trop de codes essayés\u00a0: attendez 43 s avant de réessayer.',
    );
    expect(refusalWords('en', refusal('too-many-attempts', { retryAfterS: 240 }))).toBe(
      'Too many codes tried: wait 4 min before trying again.',
    );
    expect(waitWords('en', 0)).toBe('1 s');
  });

  it('passes on the server’s own message for a refusal it has no words for', () => {
    expect(refusalWords('en', refusal('internal'))).toBe('The server refuses this code: server says internal');
  });

  it('tells a short code, a foreign symbol and a failed check apart, before any request', () => {
    const say = (input: string): string => {
      const p = parseGameCode(input);
      if (p.ok) throw new Error(`${input} parsed`);
      return parseWords('en', p, input.replace(/[\s-]/g, '').length);
    };
    expect(say('7K3QMZ-0R2DXW')).toBe('Code incomplete: it has 25 characters, 12 typed.');
    expect(say('7K3QMZ-0R2DXW-B9TNHF-4JPC8E-Y'.replace('K', '#'))).toBe(
      'The character “#” cannot be in a ticket code.',
    );
    expect(say('7K3QMZ-0R2DXW-B9TNHF-4JPC8E-Y')).toMatch(/check character does not match|mistyped/);
  });
});
