import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { request } from '@playwright/test';
import type { ApiError, CounterTicketView, PaymentView, SaleView } from '../../src/protocol/messages';

/** What the counter answered: done (and the amount paid), or refused with the words shown. */
export type CounterAnswer = { ok: true; prizeCents: number; text: string } | { ok: false; text: string; code: string };

/**
 * The retailer's counter as the tests use it: sell a ticket by its code, pay a won one (the amount checked first, as
 * the retailer sees it, then confirmed). Speaks the retailer API with the retailer's key.
 */
export class Counter {
  private constructor(
    private readonly api: APIRequestContext,
    private readonly context: BrowserContext | null,
  ) {}

  static async open(_browser: Browser, baseURL: string, key: string): Promise<Counter> {
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Retailer ${key}` } });
    const r = await api.post('api/retail/sign-in', { data: {} });
    if (!r.ok()) throw new Error(`the retailer could not sign in: ${r.status()} ${await r.text()}`);
    return new Counter(api, null);
  }

  async sell(code: string): Promise<SaleView> {
    const r = await this.api.post('api/retail/sell', { data: { code } });
    if (!r.ok()) throw new Error(`the sale of ${code} was refused: ${r.status()} ${await r.text()}`);
    return (await r.json()) as SaleView;
  }

  async pay(code: string): Promise<CounterAnswer> {
    const c = await this.api.post('api/retail/check', { data: { code } });
    const checked = (await c.json()) as CounterTicketView | ApiError;
    if ('error' in checked) return { ok: false, text: describe(checked), code: checked.error.code };
    const r = await this.api.post('api/retail/pay', { data: { code, prizeCents: checked.prizeCents ?? 0 } });
    const body = (await r.json()) as PaymentView | ApiError;
    if ('error' in body) return { ok: false, text: describe(body), code: body.error.code };
    return { ok: true, prizeCents: body.paid.prizeCents, text: `${body.serial} paid ${body.paid.prizeCents}` };
  }

  async close(): Promise<void> {
    await this.api.dispose();
    await this.context?.close();
  }
}

const describe = (e: ApiError): string =>
  [e.error.message, e.error.paid ? `${e.error.paid.at} ${e.error.paid.shop}` : ''].filter(Boolean).join(' · ');
