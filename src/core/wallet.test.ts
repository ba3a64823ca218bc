// The demo wallet: integer cents, a ticket costs 200, a refusal changes nothing.
import { describe, expect, it } from 'vitest';
import { credit, DEMO_CREDIT_CENTS, newWallet, payForTicket } from './wallet';

describe('the demo wallet', () => {
  it('starts at 20 € and pays 2 € a ticket', () => {
    const w = newWallet();
    expect(w.balanceCents).toBe(DEMO_CREDIT_CENTS);
    expect(DEMO_CREDIT_CENTS).toBe(2000);
    const paid = payForTicket(w);
    expect(paid.ok && paid.value.balanceCents).toBe(1800);
    expect(w.balanceCents).toBe(2000);
  });
  it('refuses a ticket it cannot cover, and pays one it just covers', () => {
    const low = payForTicket(newWallet(199));
    expect(low.ok ? null : low.error.code).toBe('balance-too-low');
    const exact = payForTicket(newWallet(200));
    expect(exact.ok && exact.value.balanceCents).toBe(0);
  });
  it('credits whole cents only', () => {
    const c = credit(newWallet(0), 300);
    expect(c.ok && c.value.balanceCents).toBe(300);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      const r = credit(newWallet(0), bad);
      expect(r.ok ? null : r.error.code).toBe('bad-amount');
    }
  });
});
