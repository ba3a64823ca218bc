import type { Meters } from './meters';
import { err, ok, type Result } from './result';
import { checkFields, isCents, isIsoTime, isObj } from './saved-checks';
import { problem, type RecordProblem } from './save-format';
import { DEMO_CREDIT_CENTS, type WalletError } from './wallet';

/**
 * The wallet as kept, with what it takes to check it: the credit it opened with, every top-up since, and the meters
 * as they stood when it opened. Its balance must always equal
 *   opening + top-ups − (stakes since opening) − (the stake of the ticket in play) + (prizes since opening),
 * the stakes and prizes coming from the meters. An edited balance, or an edited stake or prize meter, breaks it.
 */
export interface TopUp {
  readonly cents: number;
  /** ISO 8601 UTC. */
  readonly at: string;
}

export interface WalletRecord {
  readonly balanceCents: number;
  readonly openingCents: number;
  readonly topUps: readonly TopUp[];
  /** The meters' stakes and prizes when this wallet opened: a wallet started clean after a problem counts from there. */
  readonly metersAtOpening: { readonly stakesCents: number; readonly prizesPaidCents: number };
}

/** A new wallet with the demo credit, counting from the meters as they are now. */
export const openWallet = (meters: Meters, openingCents: number = DEMO_CREDIT_CENTS): WalletRecord => ({
  balanceCents: openingCents,
  openingCents,
  topUps: [],
  metersAtOpening: { stakesCents: meters.stakesCents, prizesPaidCents: meters.prizesPaidCents },
});

/** Adds a top-up as an entry of the ledger, and to the balance. */
export function topUp(w: WalletRecord, cents: number, at: string): Result<WalletRecord, WalletError> {
  if (!Number.isSafeInteger(cents) || cents <= 0) return err({ code: 'bad-amount', message: `cannot top up ${String(cents)} cents` });
  return ok({ ...w, balanceCents: w.balanceCents + cents, topUps: [...w.topUps, { cents, at }] });
}

/** The balance the ledger says the wallet holds. */
export function expectedBalance(w: WalletRecord, meters: Meters, stakeInPlayCents: number): number {
  const topUps = w.topUps.reduce((sum, t) => sum + t.cents, 0);
  const stakes = meters.stakesCents - w.metersAtOpening.stakesCents;
  const prizes = meters.prizesPaidCents - w.metersAtOpening.prizesPaidCents;
  return w.openingCents + topUps - stakes - stakeInPlayCents + prizes;
}

/** Null when the balance matches the ledger; otherwise the problem, with both figures. */
export function checkLedger(w: WalletRecord, meters: Meters, stakeInPlayCents: number): RecordProblem | null {
  const expected = expectedBalance(w, meters, stakeInPlayCents);
  if (meters.stakesCents < w.metersAtOpening.stakesCents || meters.prizesPaidCents < w.metersAtOpening.prizesPaidCents) {
    return problem('inconsistent', 'the meters are lower than when the wallet opened: the meters or the wallet were edited');
  }
  if (expected === w.balanceCents) return null;
  return problem(
    'inconsistent',
    `the balance ${w.balanceCents} cents does not match the ledger (${expected} cents = opening + top-ups − stakes + prizes): ` +
      'the balance or the meters were edited',
  );
}

/** Reads a saved wallet's shape. */
export function checkWalletRecord(data: unknown): Result<WalletRecord, RecordProblem> {
  const isTopUps = (v: unknown): boolean =>
    Array.isArray(v) && v.every((t) => isObj(t) && isCents(t['cents']) && t['cents'] > 0 && isIsoTime(t['at']));
  const isOpening = (v: unknown): boolean => isObj(v) && isCents(v['stakesCents']) && isCents(v['prizesPaidCents']);
  const shape = checkFields('the wallet', data, {
    balanceCents: isCents,
    openingCents: isCents,
    topUps: isTopUps,
    metersAtOpening: isOpening,
  });
  if (!shape.ok) return shape;
  const w = shape.value as unknown as WalletRecord;
  return ok({
    balanceCents: w.balanceCents,
    openingCents: w.openingCents,
    topUps: w.topUps.map((t) => ({ cents: t.cents, at: t.at })),
    metersAtOpening: { stakesCents: w.metersAtOpening.stakesCents, prizesPaidCents: w.metersAtOpening.prizesPaidCents },
  });
}
