import type { CodeParse } from '../../protocol/game-code';
import type { PaymentRecord } from '../../protocol/messages';
import type { Refusal } from '../play-client';
import { type Lang, printedWords, waitWords } from './printed-words';

/** A moment in words: « 4 décembre 2026 à 21:05 », « 4 December 2026 at 21:05 ». */
export function whenWords(lang: Lang, iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(at);
}

/** A payment's when and where in words. */
function paidWords(lang: Lang, paid: PaymentRecord | null | undefined): string {
  if (!paid) return printedWords(lang, 'paidNoDetail');
  return printedWords(lang, 'paid', { when: whenWords(lang, paid.at), where: paid.shop });
}

/** Why a code typed or scanned is refused before any request (the check character, the length, a symbol). */
export function parseWords(lang: Lang, p: Extract<CodeParse, { ok: false }>, got: number): string {
  switch (p.problem) {
    case 'empty':
    case 'length':
      return printedWords(lang, 'malformedShort', { need: 25, got });
    case 'character': {
      const ch = /"(.+)"/.exec(p.message)?.[1];
      return ch ? printedWords(lang, 'malformedChar', { char: ch }) : printedWords(lang, 'notATicket');
    }
    case 'check':
      return printedWords(lang, 'malformedCheck');
  }
}

/** The server's refusal of a claim or of a printed ticket's command, each in its own words. */
export function refusalWords(lang: Lang, r: Refusal): string {
  switch (r.code) {
    case 'code-malformed':
      return printedWords(lang, 'malformedCheck');
    case 'code-unknown':
    case 'ticket-not-found':
      return printedWords(lang, 'unknown');
    case 'ticket-unsold':
      return printedWords(lang, 'unsold');
    case 'ticket-ended':
      return printedWords(lang, 'finished');
    case 'ticket-already-paid':
      return paidWords(lang, r.paid);
    case 'ticket-taken-over':
      return printedWords(lang, 'takenOver');
    case 'too-many-attempts':
      return printedWords(lang, 'rateLimited', { wait: waitWords(lang, r.retryAfterS ?? 60) });
    default:
      return printedWords(lang, 'refused', { message: r.message });
  }
}
