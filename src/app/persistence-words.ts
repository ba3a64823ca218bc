import type { Element } from '../core';
import type { StoreProblem } from './store';

/**
 * The words of saved tickets, storage problems and the « Historique » screen, in French and English. Kept apart from
 * the shared i18n tables so this feature's strings move with it; same `{name}` placeholders.
 */
const fr = {
  unavailable: 'Les tickets ne peuvent pas être conservés sur cet appareil (stockage refusé) : le jeu fonctionne, mais un ticket interrompu serait perdu.',
  quota: 'Le stockage de cet appareil est plein : les tickets ne peuvent pas y être conservés. Le jeu fonctionne, mais un ticket interrompu serait perdu.',
  otherTab: 'Le jeu est déjà ouvert dans un autre onglet : le ticket se joue là-bas. Cet onglet ne joue pas ; il prendra le relais quand l’autre sera fermé.',
  stopped: 'La sauvegarde du ticket a échoué ({reason}) : le jeu s’arrête pour ne rien montrer qui ne soit enregistré. Rechargez la page : le ticket reprendra où il a été enregistré.',
  stoppedQuota: 'stockage plein',
  stoppedFailed: 'écriture refusée',
  unguarded: 'Ce navigateur ne peut pas empêcher deux onglets de jouer en même temps : n’ouvrez le jeu qu’une fois.',
  corrupt: 'Données illisibles ({record}) : elles ne sont pas jouées, elles sont mises de côté et cette partie repart à zéro.',
  tampered: 'Données modifiées hors du jeu ({record}) : elles ne sont jamais jouées ni payées, elles sont mises de côté et cette partie repart à zéro.',
  'wrong-version': 'Données d’une autre version du jeu ({record}) : mises de côté, cette partie repart à zéro.',
  inconsistent: 'Données incohérentes ({record}) : elles ne sont pas jouées, elles sont mises de côté et cette partie repart à zéro.',
  recordCurrent: 'ticket en cours',
  recordWallet: 'solde',
  recordBlock: 'bloc de tickets',
  recordMeters: 'compteurs',
  recordKeys: 'clé de l’appareil',
  recordHistory: 'historique, fiche {id}',
  resumed: 'Ticket n° {serial} repris là où il s’était arrêté.',
  ok: 'Compris',
  reload: 'Recharger la page',
  historyButton: 'Historique',
  historyTitle: 'Historique',
  historySub: 'Les 10 derniers tickets, du plus récent au plus ancien',
  historyEmpty: 'Aucun ticket terminé pour l’instant.',
  historyDemo: 'Le mode démo ne garde pas d’historique : ses tickets ne sont ni payés, ni classés, ni comptés.',
  historyNotKept: 'Aucun historique : les tickets ne sont pas conservés sur cet appareil.',
  meters: 'Compteurs (jamais remis à zéro) : {played} tickets joués · mises {stakes} · gains payés {prizes} · Extras gagnés {extras}',
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
  exportFile: 'Exporter (JSON)',
  importFile: 'Importer un fichier',
  backToSaved: 'Historique de l’appareil',
  close: 'Fermer',
  imported: 'Fichier « {name} » : {count} tickets, affichés seulement (rien n’est payé, classé ni compté).',
  importRefused: 'Fichier « {name} » refusé : {reason}',
  exported: 'Historique exporté : {name}',
};

export type PersistenceKey = keyof typeof fr;

const en: Record<PersistenceKey, string> = {
  unavailable: 'Tickets cannot be kept on this device (storage refused): the game plays, but an interrupted ticket would be lost.',
  quota: 'This device’s storage is full: tickets cannot be kept on it. The game plays, but an interrupted ticket would be lost.',
  otherTab: 'The game is already open in another tab: the ticket is played there. This tab does not play; it takes over once the other one is closed.',
  stopped: 'The ticket could not be saved ({reason}): the game stops so that nothing unsaved is shown. Reload the page: the ticket resumes where it was saved.',
  stoppedQuota: 'storage full',
  stoppedFailed: 'write refused',
  unguarded: 'This browser cannot stop two tabs from playing at once: open the game only once.',
  corrupt: 'Unreadable data ({record}): it is not played, it was set aside and that part starts clean.',
  tampered: 'Data changed outside the game ({record}): it is never played nor paid, it was set aside and that part starts clean.',
  'wrong-version': 'Data from another version of the game ({record}): set aside, that part starts clean.',
  inconsistent: 'Inconsistent data ({record}): it is not played, it was set aside and that part starts clean.',
  recordCurrent: 'ticket in play',
  recordWallet: 'balance',
  recordBlock: 'ticket block',
  recordMeters: 'meters',
  recordKeys: 'device key',
  recordHistory: 'history, record {id}',
  resumed: 'Ticket no. {serial} resumed where it stopped.',
  ok: 'OK',
  reload: 'Reload the page',
  historyButton: 'History',
  historyTitle: 'History',
  historySub: 'The last 10 tickets, newest first',
  historyEmpty: 'No finished ticket yet.',
  historyDemo: 'Demo mode keeps no history: its tickets are never paid, filed or metered.',
  historyNotKept: 'No history: tickets cannot be kept on this device.',
  meters: 'Meters (never reset): {played} tickets played · stakes {stakes} · prizes paid {prizes} · Extras won {extras}',
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
  exportFile: 'Export (JSON)',
  importFile: 'Import a file',
  backToSaved: 'This device’s history',
  close: 'Close',
  imported: 'File “{name}”: {count} tickets, shown only (nothing is paid, filed or metered).',
  importRefused: 'File “{name}” refused: {reason}',
  exported: 'History exported: {name}',
};

export type Lang = 'fr' | 'en';

/** The string `key` in `lang`, `{name}` placeholders filled from `vars`. */
export function pw(lang: Lang, key: PersistenceKey, vars: Record<string, string | number> = {}): string {
  const table = lang === 'en' ? en : fr;
  return table[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export const elementWord = (lang: Lang, e: Element): string => pw(lang, e);

/** What was set aside on load, in the player's words: the record named, the message chosen by the problem's code. */
export function problemText(lang: Lang, p: StoreProblem): string {
  const [kind, id] = p.record.split(' ');
  const record =
    kind === 'current'
      ? pw(lang, 'recordCurrent')
      : kind === 'wallet'
        ? pw(lang, 'recordWallet')
        : kind === 'block'
          ? pw(lang, 'recordBlock')
          : kind === 'meters'
            ? pw(lang, 'recordMeters')
            : kind === 'keys'
              ? pw(lang, 'recordKeys')
              : pw(lang, 'recordHistory', { id: String(Number(id ?? 0)) });
  return pw(lang, p.code, { record });
}
