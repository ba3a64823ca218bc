import { describe, expect, it } from 'vitest';
import { checkLedger, checkWalletRecord, expectedBalance, openWallet, topUp } from './ledger';
import { ZERO_METERS } from './meters';

const AT = '2026-12-03T08:00:00.000Z';

describe('the ledger', () => {
  it('balance = opening + top-ups − stakes − stake in play + prizes, counted from the wallet’s opening', () => {
    const before = { ...ZERO_METERS, ticketsPlayed: 5, stakesCents: 1000, prizesPaidCents: 400, ticketsWon: 1 };
    let w = openWallet(before, 2000);
    const t = topUp(w, 500, AT);
    if (!t.ok) throw new Error(t.error.message);
    w = t.value;
    // Three more tickets, one paying 1000, a fourth in play.
    const after = { ...before, ticketsPlayed: 8, stakesCents: 1600, prizesPaidCents: 1400, ticketsWon: 2 };
    const balance = 2000 + 500 - 600 - 200 + 1000;
    expect(expectedBalance(w, after, 200)).toBe(balance);
    expect(checkLedger({ ...w, balanceCents: balance }, after, 200)).toBeNull();
  });

  it('an edited balance or an edited stake or prize meter breaks it, with both figures named', () => {
    const w = openWallet(ZERO_METERS, 2000);
    const m = { ...ZERO_METERS, ticketsPlayed: 1, stakesCents: 200 };
    expect(checkLedger({ ...w, balanceCents: 1800 }, m, 0)).toBeNull();
    expect(checkLedger({ ...w, balanceCents: 9800 }, m, 0)?.message).toMatch(/balance 9800 cents does not match the ledger \(1800 cents/);
    expect(checkLedger({ ...w, balanceCents: 1800 }, { ...m, prizesPaidCents: 5000, ticketsWon: 1 }, 0)?.code).toBe('inconsistent');
    expect(checkLedger({ ...w, balanceCents: 1800 }, m, 200)).not.toBeNull();
    expect(checkLedger(openWallet(m, 2000), ZERO_METERS, 0)?.message).toMatch(/lower than when the wallet opened/);
  });

  it('top-ups must be whole positive cents', () => {
    const w = openWallet(ZERO_METERS);
    expect(topUp(w, 0, AT).ok).toBe(false);
    expect(topUp(w, 12.5, AT).ok).toBe(false);
    expect(topUp(w, -100, AT).ok).toBe(false);
  });

  it('reads a saved wallet, naming a bad field', () => {
    const w = openWallet(ZERO_METERS);
    expect(checkWalletRecord(JSON.parse(JSON.stringify(w)))).toEqual({ ok: true, value: w });
    const why = (d: unknown) => { const r = checkWalletRecord(d); return r.ok ? 'ok' : r.error.message; };
    expect(why({ ...w, balanceCents: '2000' })).toMatch(/bad field "balanceCents"/);
    expect(why({ ...w, topUps: [{ cents: 500, at: 'now' }] })).toMatch(/bad field "topUps"/);
    expect(why({ ...w, metersAtOpening: null })).toMatch(/bad field "metersAtOpening"/);
  });
});
