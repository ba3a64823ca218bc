import { err, ok, type Result } from './result';
import { RULES, type Rules } from './rules';

/** The player's credit, in integer cents. In this edition it is demo credit: no real money moves. */
export interface Wallet {
  readonly balanceCents: number;
}

/** Demo credit at the start and at each top-up (20 €). */
export const DEMO_CREDIT_CENTS = 2000;

export interface WalletError {
  readonly code: 'balance-too-low' | 'bad-amount';
  readonly message: string;
}

export const newWallet = (balanceCents = DEMO_CREDIT_CENTS): Wallet => ({ balanceCents });

/** Pays for one ticket; refused, with nothing changed, when the balance does not cover it. */
export function payForTicket(w: Wallet, rules: Rules = RULES): Result<Wallet, WalletError> {
  if (w.balanceCents < rules.ticketPriceCents) {
    return err({
      code: 'balance-too-low',
      message: `balance ${w.balanceCents} cents is below the ticket price ${rules.ticketPriceCents} cents`,
    });
  }
  return ok({ balanceCents: w.balanceCents - rules.ticketPriceCents });
}

/** Adds a prize or a top-up. */
export function credit(w: Wallet, cents: number): Result<Wallet, WalletError> {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    return err({ code: 'bad-amount', message: `cannot credit ${String(cents)} cents` });
  }
  return ok({ balanceCents: w.balanceCents + cents });
}
