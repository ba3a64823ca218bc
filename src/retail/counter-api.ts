import type { ApiError, CounterTicketView, DayReport, PaymentView, RetailerView, SaleView } from '../protocol/messages';

/** The retailer's API (src/protocol/messages.ts), with the key signed in. A refusal comes back as its ApiError. */
export type Answer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ApiError['error'] };

const NETWORK_DOWN: ApiError['error'] = { code: 'internal', message: 'network' };

export class CounterApi {
  constructor(private readonly key: string) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    let r: Response;
    try {
      r = await fetch(path, {
        method,
        headers: {
          authorization: `Retailer ${this.key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        cache: 'no-store',
      });
    } catch {
      return { ok: false, error: NETWORK_DOWN };
    }
    let json: unknown;
    try {
      json = await r.json();
    } catch {
      return { ok: false, error: { code: 'internal', message: `HTTP ${r.status}` } };
    }
    return r.ok ? { ok: true, value: json as T } : { ok: false, error: (json as ApiError).error };
  }

  signIn = (): Promise<Answer<RetailerView>> => this.call('POST', './api/retail/sign-in', {});
  sell = (code: string): Promise<Answer<SaleView>> => this.call('POST', './api/retail/sell', { code });
  check = (code: string): Promise<Answer<CounterTicketView>> => this.call('POST', './api/retail/check', { code });
  pay = (code: string, prizeCents: number): Promise<Answer<PaymentView>> =>
    this.call('POST', './api/retail/pay', { code, prizeCents });
  report = (day: string): Promise<Answer<DayReport>> =>
    this.call('GET', `./api/retail/report?day=${encodeURIComponent(day)}`);
}
