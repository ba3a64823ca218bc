import type { Lang } from '../i18n';

/** The attract loop's and the idle warning's own words, in both languages (the banner shows both). */
export interface AttractWords {
  readonly touch: string;
  readonly howToHeading: string;
  readonly howTo: readonly [string, string, string];
  readonly stillThere: string;
  readonly setAsideIn: string;
  readonly badSetting: string;
}

export const ATTRACT_WORDS: Record<Lang, AttractWords> = {
  fr: {
    touch: 'Touchez pour jouer',
    howToHeading: 'Comment jouer',
    howTo: [
      'Grattez le ticket : deux gains apparaissent, A1 et A2.',
      "Soulevez les poules : l'œuf d'or dès le 1er coup paie A1, plus tard A2. Un poussin vous donne un coup de plus !",
      "Plus de coups ? Choisissez une meule de foin : l'EXTRA offre une nouvelle manche.",
    ],
    stillThere: 'Toujours là ?',
    setAsideIn:
      "Votre ticket sera mis de côté, tel quel. Touchez l'écran pour continuer ; vous pourrez le reprendre depuis l'accueil.",
    badSetting: 'Réglage « {name} » invalide ({value}) : valeur par défaut utilisée.',
  },
  en: {
    touch: 'Touch to play',
    howToHeading: 'How to play',
    howTo: [
      'Scratch the ticket: two prizes appear, A1 and A2.',
      'Lift the hens: the golden egg on the 1st pick pays A1, later A2. A chick gives you one more pick!',
      'No picks left? Choose a haystack: the EXTRA gives one more round.',
    ],
    stillThere: 'Still there?',
    setAsideIn:
      'Your ticket will be set aside, as it is. Touch the screen to go on; you can resume it from the home screen.',
    badSetting: 'Invalid « {name} » setting ({value}): default value used.',
  },
};
