import type { Element } from '../core';
import { type Fill, fill, translation } from './i18n/table';

/**
 * The words of the link to the game server and of the « Historique » screen, in French and English. Kept apart from
 * the shared i18n tables so this feature's strings move with it; same `{name}` placeholders.
 */
const fr = {
  lost: 'Connexion perdue — nouvel essai…',
  lostDetail:
    'Le ticket est enregistré sur le serveur de jeu : il reprendra exactement où il en est dès que la connexion reviendra.',
  absent: 'Le jeu réel a besoin du serveur de jeu : cette page est servie sans lui. Le mode démo fonctionne (?demo=1).',
  noTerminal: 'Borne sans clé de terminal : ajoutez ?terminal=CLÉ à l’adresse. Cette borne ne vend pas de ticket.',
  badTerminal: 'Le serveur de jeu refuse la clé de cette borne : elle ne vend pas de ticket.',
  historyButton: 'Historique',
  historyTitle: 'Historique',
  historySub: 'Les 10 derniers tickets, du plus récent au plus ancien',
  historyEmpty: 'Aucun ticket terminé pour l’instant.',
  historyDemo: 'Le mode démo ne garde pas d’historique : ses tickets ne sont ni payés, ni classés, ni comptés.',
  historyNotKept: 'Historique indisponible : il est tenu par le serveur de jeu.',
  rowWon: '{serial} · gagné {amount}',
  rowLost: '{serial} · perdu',
  detailTicket: 'Ticket n° {serial} · terminé le {date}',
  detailAmounts: 'A1 (1er coup) {a1} · A2 (coups suivants) {a2}',
  detailRound: 'Manche {round} : {picks} → {outcome}',
  detailRoundExtra: 'Manche EXTRA : {picks} → {outcome}',
  detailPick: 'poule {hen} {element}',
  detailWonRound: 'œuf d’or trouvé',
  detailLostRound: 'perdue (l’œuf était sous la poule {hen})',
  detailHaystack: 'Botte de foin choisie : {chosen} · l’Extra était sous la botte {extraAt} : {extra}',
  detailExtraWon: 'Extra gagné',
  detailExtraLost: 'pas d’Extra',
  detailNoHaystack: 'Pas de botte de foin',
  detailPrize: 'Gain : {prize}',
  detailNoPrize: 'Gain : aucun',
  detailBalance: 'Solde : {before} avant · mise {stake} · {after} après',
  egg: 'œuf d’or',
  chick: 'poussin',
  empty: 'nid vide',
  replay: 'Revoir ce ticket',
  replayBanner: 'Relecture du ticket n° {serial} : le journal enregistré, aucun nouveau tirage',
  replayClose: 'Fermer la relecture',
  close: 'Fermer',
} as const;

export type PersistenceKey = keyof typeof fr;

const en = translation<typeof fr>()({
  lost: 'Connection lost — retrying…',
  lostDetail:
    'The ticket is recorded on the game server: it resumes exactly where it stands as soon as the connection is back.',
  absent: 'Real play needs the game server: this page is served without it. Demo mode works (?demo=1).',
  noTerminal: 'Kiosk without a terminal key: add ?terminal=KEY to the address. This kiosk sells no ticket.',
  badTerminal: 'The game server refuses this kiosk’s key: it sells no ticket.',
  historyButton: 'History',
  historyTitle: 'History',
  historySub: 'The last 10 tickets, newest first',
  historyEmpty: 'No finished ticket yet.',
  historyDemo: 'Demo mode keeps no history: its tickets are never paid, filed or metered.',
  historyNotKept: 'History unavailable: the game server keeps it.',
  rowWon: '{serial} · won {amount}',
  rowLost: '{serial} · lost',
  detailTicket: 'Ticket no. {serial} · finished {date}',
  detailAmounts: 'A1 (1st pick) {a1} · A2 (later picks) {a2}',
  detailRound: 'Round {round}: {picks} → {outcome}',
  detailRoundExtra: 'EXTRA round: {picks} → {outcome}',
  detailPick: 'hen {hen} {element}',
  detailWonRound: 'golden egg found',
  detailLostRound: 'lost (the egg was under hen {hen})',
  detailHaystack: 'Haystack chosen: {chosen} · the Extra was under haystack {extraAt}: {extra}',
  detailExtraWon: 'Extra won',
  detailExtraLost: 'no Extra',
  detailNoHaystack: 'No haystack',
  detailPrize: 'Prize: {prize}',
  detailNoPrize: 'Prize: none',
  detailBalance: 'Balance: {before} before · stake {stake} · {after} after',
  egg: 'golden egg',
  chick: 'chick',
  empty: 'empty nest',
  replay: 'Replay this ticket',
  replayBanner: 'Replay of ticket no. {serial}: the saved journal, no new draw',
  replayClose: 'Close the replay',
  close: 'Close',
} as const);

export type Lang = 'fr' | 'en';

/** The string `key` in `lang`, `{name}` placeholders filled from `vars`. */
export function pw<K extends PersistenceKey>(lang: Lang, key: K, ...vars: Fill<(typeof fr)[K]>): string {
  const table = lang === 'en' ? en : fr;
  return fill(table[key], ...vars);
}

export const elementWord = (lang: Lang, e: Element): string => pw(lang, e);

/** The game server's and the history screen's words, both languages (a namespace of the words' tables). */
export const SERVER_WORDS = { fr, en } as const;
