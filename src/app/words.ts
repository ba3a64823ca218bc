import { DEFAULT_PRIZE_TABLE, Fraction, formatSerial, tableOdds } from '../core';
import type { TicketWords } from '../scene/screens/ticket-words';
import type { RulesContent } from '../scene/views/rules-panel';
import type { I18n } from './i18n';
import { numbersFor } from './money';
import { ordinal, resultWhy } from './result-why';
import { stakeText } from './stake';

/** The ticket screen's words in the current language. */
export function ticketWords(i: I18n): TicketWords {
  const t = i.t.bind(i);
  const num = numbersFor(i.lang);
  const formatCents = (c: number): string => num.money(c);
  return {
    yourPrizes: t('yourPrizes'),
    serial: (s) => t('ticketSerial', { serial: formatSerial(s.serial) }),
    a1Label: t('a1Label'),
    a2Label: t('a2Label'),
    a1Short: t('a1Short'),
    a2Short: t('a2Short'),
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
    element: (e) => t(e === 'egg' ? 'elementEgg' : e === 'chick' ? 'elementChick' : 'elementEmpty'),
    haystack: (n) => t('haystack', { n: n + 1 }),
    money: formatCents,
    result: (s) => {
      const won = s.result?.outcome === 'won';
      const why = resultWhy(s);
      return {
        title: won ? t('win') : t('lossTitle'),
        why:
          why?.kind === 'won'
            ? t(why.prize === 'A1' ? 'whyA1' : 'whyA2', {
                nth: ordinal(why.pick, i.lang),
                round: why.extraRound ? t('whyExtraRound') : '',
              })
            : t('whyLost'),
        line: won ? t('winPrize', { amount: formatCents(s.result?.prizeCents ?? 0) }) : t('lossText'),
        amount: formatCents,
        playAgain: t('playAgain', { price: ticketPrice(i) }),
        home: t('backToTitle'),
        seeTicket: t('seeTicket'),
        backToResult: t('backToResult'),
      };
    },
  };
}

/** The rules screen: our prize table (from the same data the core deals from) and the core's exact odds. */
export function rulesContent(i: I18n): RulesContent {
  const t = i.t.bind(i);
  const num = numbersFor(i.lang);
  const odds = tableOdds(DEFAULT_PRIZE_TABLE);
  // One format in the whole table: every amount in whole euros (they all are).
  const whole = (c: number): string => num.money(c, { whole: true });
  return {
    title: t('rulesTitle'),
    pages: [t('rulesPageHowTo'), t('rulesPagePrizes')],
    steps: [t('rulesStep1'), t('rulesStep2'), t('rulesStep3')],
    ours: DEFAULT_PRIZE_TABLE.official ? '' : t('tableOurs'),
    columns: [t('colA1'), t('colA2'), t('colCount')],
    rows: DEFAULT_PRIZE_TABLE.rows.map((r) => [whole(r.a1Cents), whole(r.a2Cents), num.count(r.count)] as const),
    oddsTitle: t('oddsTitle'),
    odds: [
      t('oddsWin', { fraction: odds.pWin.toString(), oneIn: num.decimal(Fraction.ONE.div(odds.pWin).toNumber(), 2) }),
      t('oddsA1', { fraction: odds.pA1.toString() }),
      t('oddsA2', { fraction: odds.pA2.toString() }),
      t('oddsExtra', { fraction: odds.pExtra.toString() }),
      t('oddsRtp', { percent: num.percent(odds.rtp.toNumber(), 2) }),
    ],
    close: t('close'),
  };
}

/** The ticket's price in `i`'s language (« 2,00 € » / « €2.00 »). */
export const ticketPrice = (i: I18n): string => stakeText(i.lang);

/** The top prize of the table, in whole euros (« 30 000 € »). */
export const topPrize = (i: I18n): string =>
  numbersFor(i.lang).money(Math.max(...DEFAULT_PRIZE_TABLE.rows.map((r) => r.a1Cents)), { whole: true });
