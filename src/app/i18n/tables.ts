import { ERROR_WORDS } from '../error-words';
import { HISTORY_WORDS } from '../history-words';
import { ATTRACT_WORDS } from '../modes/attract-words';
import { SERVER_WORDS } from '../persistence-words';
import { PRINTED_WORDS } from '../printed/printed-words';
import { en } from './en';
import { fr } from './fr';
import type { Lang } from './index';

/**
 * Every word of the page, one table per language, one namespace per part of the game: the game's own (`t()`), the
 * game server's (`pw()`), printed tickets' (`printedWords()`), the history's (`hw()`), the attract loop's (`aw()`)
 * and the error screen's. Each namespace lives beside its feature; each English namespace is checked against the
 * French one by the compiler (keys and placeholders: see table.ts), and so is every call that fills one.
 */
export const WORDS = {
  fr: {
    game: fr,
    server: SERVER_WORDS.fr,
    printed: PRINTED_WORDS.fr,
    history: HISTORY_WORDS.fr,
    attract: ATTRACT_WORDS.fr,
    error: ERROR_WORDS.fr,
  },
  en: {
    game: en,
    server: SERVER_WORDS.en,
    printed: PRINTED_WORDS.en,
    history: HISTORY_WORDS.en,
    attract: ATTRACT_WORDS.en,
    error: ERROR_WORDS.en,
  },
} as const satisfies Record<Lang, Record<string, Readonly<Record<string, string>>>>;

export type WordsNamespace = keyof (typeof WORDS)['fr'];
