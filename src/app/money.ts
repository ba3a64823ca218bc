/**
 * Money on screen, from integer cents, in the French way: « 1 000 € » for whole amounts of a thousand euros or more,
 * « 4,00 € » below. Built by hand rather than with Intl so the spaces are the same in every browser and in tests.
 */
const NBSP = '\u00a0';
const NNBSP = '\u202f';

const groupThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, NNBSP);

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  if (rest === 0 && euros >= 1000) return `${sign}${groupThousands(euros)}${NBSP}€`;
  return `${sign}${groupThousands(euros)},${String(rest).padStart(2, '0')}${NBSP}€`;
}
