import { type Fill, fill, translation } from './i18n/table';
import type { Lang } from './persistence-words';

/** The history's words for a player, in both languages: plain sentences, no operator terms, no hen numbers. */
const fr = {
  rowWon: '{date} · gagné {amount}',
  rowLost: '{date} · perdu',
  ticket: 'Ticket n° {serial}',
  playedOn: 'Joué le {date}',
  amounts: 'Gains du ticket : {a1} au 1er coup, {a2} plus tard',
  round1: 'Manche',
  roundExtra: 'Manche EXTRA',
  pick: '{nth} coup : {element}',
  roundWon: "→ l'œuf d'or est trouvé",
  roundLost: "→ pas d'œuf d'or",
  haystackWon: "Botte de foin : l'Extra était dedans !",
  haystackLost: "Botte de foin : pas d'Extra",
  prize: 'Gain : {amount} ({which})',
  prizeA1: 'œuf au 1er coup',
  prizeA2: 'œuf plus tard',
  noPrize: 'Pas de gain cette fois',
  balance: 'Solde : {before} → {after} (ticket {stake})',
} as const;

const en = translation<typeof fr>()({
  rowWon: '{date} · won {amount}',
  rowLost: '{date} · lost',
  ticket: 'Ticket no. {serial}',
  playedOn: 'Played on {date}',
  amounts: "Ticket's prizes: {a1} on the 1st pick, {a2} later",
  round1: 'Round',
  roundExtra: 'EXTRA round',
  pick: '{nth} pick: {element}',
  roundWon: '→ the golden egg is found',
  roundLost: '→ no golden egg',
  haystackWon: 'Haystack: the Extra was in it!',
  haystackLost: 'Haystack: no Extra',
  prize: 'Prize: {amount} ({which})',
  prizeA1: 'egg on the 1st pick',
  prizeA2: 'egg on a later pick',
  noPrize: 'No prize this time',
  balance: 'Balance: {before} → {after} (ticket {stake})',
} as const);

const WORDS = { fr, en };

export type HistoryKey = keyof typeof fr;

export function hw<K extends HistoryKey>(lang: Lang, key: K, ...vars: Fill<(typeof fr)[K]>): string {
  return fill(WORDS[lang][key], ...vars);
}

const enOrdinal = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const EN_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** « 1er », « 2e » / « 1st », « 2nd », « 3rd », « 4th ». */
export function ordinal(lang: Lang, n: number): string {
  if (lang === 'fr') return n === 1 ? '1er' : `${n}e`;
  return `${n}${EN_SUFFIX[enOrdinal.select(n)] ?? 'th'}`;
}

const dates = new Map<string, Intl.DateTimeFormat>();

/** A moment in the player's own time zone and language (« 4 déc. 2026, 18:42 »), never ISO or UTC. */
export function localDate(lang: Lang, iso: string, timeZone?: string): string {
  const key = `${lang}|${timeZone ?? ''}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    dates.set(key, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : f.format(d);
}

/** The history's words, both languages (a namespace of the words' tables). */
export const HISTORY_WORDS = WORDS;
