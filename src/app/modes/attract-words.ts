import type { Lang } from '../i18n';
import { type Fill, fill, translation } from '../i18n/table';

/** The attract loop's and the idle warning's own words (the banner shows both languages). */
const fr = {
  touch: 'Touchez pour jouer',
  howToHeading: 'Comment jouer',
  howTo1: 'Grattez le ticket : deux gains apparaissent, A1 et A2.',
  howTo2:
    "Soulevez les poules : l'œuf d'or dès le 1er coup paie A1, plus tard A2. Un poussin vous donne un coup de plus !",
  howTo3: "Plus de coups ? Choisissez une meule de foin : l'EXTRA offre une nouvelle manche.",
  stillThere: 'Toujours là ?',
  setAsideIn:
    "Votre ticket sera mis de côté, tel quel. Touchez l'écran pour continuer ; vous pourrez le reprendre depuis l'accueil.",
  badSetting: 'Réglage « {name} » invalide ({value}) : valeur par défaut utilisée.',
} as const;

const en = translation<typeof fr>()({
  touch: 'Touch to play',
  howToHeading: 'How to play',
  howTo1: 'Scratch the ticket: two prizes appear, A1 and A2.',
  howTo2: 'Lift the hens: the golden egg on the 1st pick pays A1, later A2. A chick gives you one more pick!',
  howTo3: 'No picks left? Choose a haystack: the EXTRA gives one more round.',
  stillThere: 'Still there?',
  setAsideIn:
    'Your ticket will be set aside, as it is. Touch the screen to go on; you can resume it from the home screen.',
  badSetting: 'Invalid « {name} » setting ({value}): default value used.',
} as const);

export const ATTRACT_WORDS = { fr, en } as const;
export type AttractKey = keyof typeof fr;

/** The attract loop's string `key` in `lang`, its placeholders filled (checked by the compiler). */
export function aw<K extends AttractKey>(lang: Lang, key: K, ...vars: Fill<(typeof fr)[K]>): string {
  return fill(ATTRACT_WORDS[lang][key], ...vars);
}
