import { translation } from './i18n/table';

/** What the error screen says (it may show before the game's words have loaded: kept small, on its own). */
const fr = {
  title: 'Une erreur est survenue',
  body: 'Votre ticket est conservé : vous pouvez reprendre la partie, ou recharger la page pour la retrouver.',
  resume: 'Reprendre',
  reload: 'Recharger',
} as const;

const en = translation<typeof fr>()({
  title: 'Something went wrong',
  body: 'Your ticket is kept: you can resume the game, or reload the page to find it again.',
  resume: 'Resume',
  reload: 'Reload',
} as const);

export const ERROR_WORDS = { fr, en } as const;
