import { DEFAULT_PRIZE_TABLE, formatSerial, Fraction, RULES, tableOdds } from '../core';
import type { TicketWords } from '../scene/screens/ticket-words';
import type { RulesContent } from '../scene/views/rules-panel';
import type { I18n } from './i18n';
import { formatCents } from './money';
import { ordinal, resultWhy } from './result-why';

/** The ticket screen's words in the current language. */
export function ticketWords(i: I18n): TicketWords {
  const t = i.t.bind(i);
  return {
    yourPrizes: t('yourPrizes'),
    serial: (s) => t('ticketSerial', { serial: formatSerial(s.serial) }),
    a1Label: t('a1Label'),
    a2Label: t('a2Label'),
    scratchHere: t('scratchHere'),
    scratchAll: t('scratchAll'),
    scratchPrompt: t('scratchPrompt'),
    pickPrompt: t('pickPrompt'),
    picksLeft: t('picksLeft'),
    plusOne: t('plusOne'),
    chickMeans: t('chickMeans'),
    roundName: (round) => (round > 1 ? t('roundExtra') : ''),
    eggFound: t('eggFound'),
    eggWasHere: t('eggWasHere'),
    roundLost: t('roundLost'),
    haystackPrompt: t('haystackPrompt'),
    extra: t('extra'),
    extraWon: t('extraWon'),
    noExtra: t('noExtra'),
    extraWasHere: t('extraWasHere'),
    hen: (n) => t('hen', { n: n + 1 }),
    haystack: (n) => t('haystack', { n: n + 1 }),
    money: formatCents,
    result: (s) => {
      const won = s.result?.outcome === 'won';
      const why = resultWhy(s);
      return {
        title: won ? t('win') : t('lossTitle'),
        why:
          why?.kind === 'won'
            ? t(why.prize === 'A1' ? 'whyA1' : 'whyA2', { nth: ordinal(why.pick, i.lang), round: why.extraRound ? t('whyExtraRound') : '' })
            : t('whyLost'),
        line: won ? t('winPrize', { amount: formatCents(s.result?.prizeCents ?? 0) }) : t('lossText'),
        amount: formatCents,
        playAgain: t('playAgain'),
        home: t('backToTitle'),
        seeTicket: t('seeTicket'),
        backToResult: t('backToResult'),
      };
    },
  };
}

/** « 3,76 »: a fraction's decimal value with a French comma. */
const decimal = (f: Fraction, digits: number): string => f.toDecimal(digits).replace('.', ',');

/** The rules screen: our prize table (from the same data the core deals from) and the core's exact odds. */
export function rulesContent(i: I18n): RulesContent {
  const t = i.t.bind(i);
  const odds = tableOdds(DEFAULT_PRIZE_TABLE);
  const count = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return {
    title: t('rulesTitle'),
    text: t('rulesText'),
    ours: DEFAULT_PRIZE_TABLE.official ? '' : t('tableOurs'),
    columns: [t('colA1'), t('colA2'), t('colCount')],
    rows: DEFAULT_PRIZE_TABLE.rows.map((r) => [formatCents(r.a1Cents), formatCents(r.a2Cents), count(r.count)] as const),
    oddsTitle: t('oddsTitle'),
    odds: [
      t('oddsWin', { fraction: odds.pWin.toString(), oneIn: decimal(Fraction.ONE.div(odds.pWin), 2) }),
      t('oddsA1', { fraction: odds.pA1.toString() }),
      t('oddsA2', { fraction: odds.pA2.toString() }),
      t('oddsExtra', { fraction: odds.pExtra.toString() }),
      t('oddsRtp', { percent: `${decimal(odds.rtp.mul(Fraction.of(100)), 2)}\u00a0%` }),
    ],
    close: t('close'),
  };
}

export const ticketPrice = (): string => formatCents(RULES.ticketPriceCents);
