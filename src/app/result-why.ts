import type { GameSnapshot } from '../core';
import type { Lang } from './i18n';

/** Why a finished ticket paid what it paid: the egg's pick in its round and the prize it earned, or nothing won. */
export type ResultWhy =
  | {
      readonly kind: 'won';
      readonly prize: 'A1' | 'A2';
      readonly pick: number;
      readonly extraRound: boolean;
      readonly chicks: number;
    }
  | { readonly kind: 'lost' };

/** Reads the reason from the finished ticket's snapshot; null while the ticket is not finished. */
export function resultWhy(s: GameSnapshot): ResultWhy | null {
  if (!s.result) return null;
  if (s.result.outcome === 'lost' || !s.result.prize) return { kind: 'lost' };
  const index = s.rounds.findIndex((r) => r.outcome === 'won');
  const round = s.rounds[index];
  const egg = round ? round.picks.findIndex((p) => p.element === 'egg') : -1;
  if (!round || egg < 0) throw new Error('a won ticket without its egg in the record');
  const chicks = round.picks.slice(0, egg).filter((p) => p.element === 'chick').length;
  return { kind: 'won', prize: s.result.prize, pick: egg + 1, extraRound: index > 0, chicks };
}

/** « 1er », « 2e » / "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number, lang: Lang): string {
  if (lang === 'fr') return n === 1 ? '1er' : `${n}e`;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
