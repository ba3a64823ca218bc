/**
 * Numbers on screen in the language's own way, one formatter per language (Intl.NumberFormat, fr-FR and en-GB):
 * money from integer cents (« 4,00 € » / « €4.00 »), counts (« 137 692 » / « 137,692 »), decimals (« 3,76 » /
 * « 3.76 ») and percentages (« 68,24 % » / « 68.24% »). Every screen goes through here, so a language never shows
 * another's figures.
 */
export type NumberLang = 'fr' | 'en';

const LOCALES: Record<NumberLang, string> = { fr: 'fr-FR', en: 'en-GB' };

export interface MoneyOptions {
  /** Whole euros without decimals (« 30 000 € », « 4 € »): for tables and headlines where every amount is whole. */
  readonly whole?: boolean;
}

export interface NumberWords {
  readonly lang: NumberLang;
  money(cents: number, opts?: MoneyOptions): string;
  count(n: number): string;
  decimal(x: number, digits: number): string;
  /** `ratio` 0.6824 → « 68,24 % ». */
  percent(ratio: number, digits: number): string;
}

const cache = new Map<NumberLang, NumberWords>();

function build(lang: NumberLang): NumberWords {
  const locale = LOCALES[lang];
  const euros = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const wholeEuros = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimals = new Map<number, Intl.NumberFormat>();
  const percents = new Map<number, Intl.NumberFormat>();
  const fixed = (
    m: Map<number, Intl.NumberFormat>,
    digits: number,
    style: 'decimal' | 'percent',
  ): Intl.NumberFormat => {
    let f = m.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(locale, { style, minimumFractionDigits: digits, maximumFractionDigits: digits });
      m.set(digits, f);
    }
    return f;
  };
  return {
    lang,
    money: (cents, opts = {}) => {
      const c = Math.round(cents);
      // Whole only when nothing is lost: an amount with cents keeps them.
      return (opts.whole && c % 100 === 0 ? wholeEuros : euros).format(c / 100);
    },
    count: (n) => count.format(n),
    decimal: (x, digits) => fixed(decimals, digits, 'decimal').format(x),
    percent: (ratio, digits) => fixed(percents, digits, 'percent').format(ratio),
  };
}

/** The number formatter of `lang`, made once. */
export function numbersFor(lang: NumberLang): NumberWords {
  let n = cache.get(lang);
  if (!n) {
    n = build(lang);
    cache.set(lang, n);
  }
  return n;
}

/** Money from integer cents in `lang` (French by default). */
export function formatCents(cents: number, lang: NumberLang = 'fr'): string {
  return numbersFor(lang).money(cents);
}
