import { RULES } from '../core';
import type { Lang } from './i18n';
import { numbersFor } from './money';

/** What a ticket costs: the rules' price, the one number the app reads for it. */
export const STAKE_CENTS = RULES.ticketPriceCents;

/** Whether `balanceCents` pays for one more ticket. */
export const paysStake = (balanceCents: number): boolean => balanceCents >= STAKE_CENTS;

/** The price as the player reads it (« 2,00 € » / « €2.00 »). */
export const stakeText = (lang: Lang): string => numbersFor(lang).money(STAKE_CENTS);
