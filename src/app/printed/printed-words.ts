import { frenchSpaces } from '../i18n/french-spaces';
import { type Fill, fill, type Plain, translation } from '../i18n/table';

/**
 * The words of a printed ticket played on a screen (a phone from its QR code, a kiosk from its camera or keypad), in
 * French and English: the code entry, every refusal, the end screen. Kept with the feature, same `{name}` placeholders.
 */
const fr = {
  scan: 'Scanner mon ticket',
  playMine: 'Jouer mon ticket',
  entryTitle: 'Votre ticket',
  entryHelp: 'Montrez le QR code du ticket à la caméra, ou tapez le code imprimé dessous.',
  cameraOn: 'Caméra : présentez le QR code du ticket',
  cameraNone: 'Pas de caméra sur cette borne : tapez le code.',
  cameraRefused: 'Caméra refusée : tapez le code.',
  cameraStarting: 'Caméra en cours de démarrage…',
  codeLabel: 'Code du ticket',
  erase: 'Effacer',
  clear: 'Tout effacer',
  submit: 'Valider',
  cancel: 'Annuler',
  checking: 'Vérification du ticket…',
  ok: 'Compris',
  backToTitle: 'Retour à l’accueil',
  // Refusals, each its own words.
  malformedShort: 'Code incomplet : il a {need} caractères, {got} tapés.',
  malformedChar: 'Caractère « {char} » impossible dans un code de ticket.',
  malformedCheck:
    'Code mal saisi : un caractère est faux (la clé de contrôle ne correspond pas). Vérifiez le code imprimé.',
  notATicket: 'Ce QR code n’est pas celui d’un ticket de ce jeu.',
  unknown: 'Code inconnu : aucun ticket ne porte ce code. Vérifiez-le, ou demandez à votre détaillant.',
  unsold: 'Ce ticket n’a pas encore été vendu : faites-le enregistrer par votre détaillant avant de jouer.',
  finished: 'Ce ticket est déjà joué : vous pouvez seulement le regarder.',
  paid: 'Ce ticket est déjà joué et son gain a été payé le {when} ({where}).',
  paidNoDetail: 'Ce ticket est déjà joué et son gain a été payé.',
  takenOver: 'Ce ticket a été repris sur un autre écran : il ne se joue plus ici.',
  rateLimited: 'Trop de codes essayés : attendez {wait} avant de réessayer.',
  refused: 'Le serveur refuse ce code : {message}',
  // The end of a printed ticket.
  wonTitle: 'Gagné : {amount}',
  wonLine: 'Gagné : {amount} — à retirer chez votre détaillant.\nTicket n° {serial}',
  lostTitle: 'Perdu',
  lostLine: 'Perdu.\nTicket n° {serial}',
  lookOnly: 'Ticket déjà joué : à regarder seulement.',
  paidLine: 'Gain de {amount} payé le {when} ({where}).\nTicket n° {serial}',
  seconds: '{n} s',
  minutes: '{n} min',
} as const;

export type PrintedKey = keyof typeof fr;
/** A printed ticket's words that have no placeholder. */
export type PlainPrintedKey = Plain<typeof fr>;

const en = translation<typeof fr>()({
  scan: 'Scan my ticket',
  playMine: 'Play my ticket',
  entryTitle: 'Your ticket',
  entryHelp: 'Show the ticket’s QR code to the camera, or type the code printed under it.',
  cameraOn: 'Camera: show the ticket’s QR code',
  cameraNone: 'No camera on this kiosk: type the code.',
  cameraRefused: 'Camera refused: type the code.',
  cameraStarting: 'Starting the camera…',
  codeLabel: 'Ticket code',
  erase: 'Delete',
  clear: 'Clear',
  submit: 'Enter',
  cancel: 'Cancel',
  checking: 'Checking the ticket…',
  ok: 'OK',
  backToTitle: 'Back to the title',
  malformedShort: 'Code incomplete: it has {need} characters, {got} typed.',
  malformedChar: 'The character “{char}” cannot be in a ticket code.',
  malformedCheck: 'Code mistyped: one character is wrong (the check character does not match). Check the printed code.',
  notATicket: 'This QR code is not one of this game’s tickets.',
  unknown: 'Unknown code: no ticket has this code. Check it, or ask your retailer.',
  unsold: 'This ticket has not been sold yet: have your retailer register it before playing.',
  finished: 'This ticket has already been played: you can only look at it.',
  paid: 'This ticket has already been played and its prize was paid on {when} ({where}).',
  paidNoDetail: 'This ticket has already been played and its prize was paid.',
  takenOver: 'This ticket was taken over on another screen: it is no longer played here.',
  rateLimited: 'Too many codes tried: wait {wait} before trying again.',
  refused: 'The server refuses this code: {message}',
  wonTitle: 'Won: {amount}',
  wonLine: 'Won: {amount} — collect it from your retailer.\nTicket no. {serial}',
  lostTitle: 'Lost',
  lostLine: 'Lost.\nTicket no. {serial}',
  lookOnly: 'Ticket already played: look only.',
  paidLine: 'Prize of {amount} paid on {when} ({where}).\nTicket no. {serial}',
  seconds: '{n} s',
  minutes: '{n} min',
} as const);

export type Lang = 'fr' | 'en';

/** The string `key` in `lang`, `{name}` placeholders filled from `vars`; French gets its no-break spaces. */
export function printedWords<K extends PrintedKey>(lang: Lang, key: K, ...vars: Fill<(typeof fr)[K]>): string {
  const table = lang === 'en' ? en : fr;
  const s = fill(table[key], ...vars);
  return lang === 'fr' ? frenchSpaces(s) : s;
}

/** A wait in words: « 45 s », « 5 min » (rounded up: never tell a player to come back too early). */
export function waitWords(lang: Lang, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 90 ? printedWords(lang, 'seconds', { n: s }) : printedWords(lang, 'minutes', { n: Math.ceil(s / 60) });
}

/** A printed ticket's words, both languages (a namespace of the words' tables). */
export const PRINTED_WORDS = { fr, en } as const;
