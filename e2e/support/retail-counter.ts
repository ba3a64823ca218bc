import type { Browser, BrowserContext, Page } from '@playwright/test';

/** What the counter answered: done (and the amount paid), or refused, with the words the retailer read. */
export type CounterAnswer = { ok: true; prizeCents: number; text: string } | { ok: false; text: string };

/** « 1 234,50 € » → 123450. */
export function centsOf(text: string): number {
  const m = /(\d[\d\s\u00a0\u202f]*),(\d\d)\s*€/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  return Number(m[1]!.replace(/\D/g, '')) * 100 + Number(m[2]);
}

/**
 * The retailer's terminal (`/retail`) as a retailer uses it, keyboard only: the shop's key and Enter; F1 then the
 * code and Enter (what a barcode scanner types) to sell; F2, the code and Enter to see the amount, Enter to pay it.
 */
export class Counter {
  private constructor(
    private readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(browser: Browser, baseURL: string, key: string): Promise<Counter> {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/retail');
    await page.locator('#key').fill(key);
    await page.locator('#key').press('Enter');
    await page.locator('#counter').waitFor({ state: 'visible' });
    return new Counter(context, page);
  }

  /** Waits for the counter's next words (the line is emptied first, so the same words twice still count). */
  private async answer(act: () => Promise<void>): Promise<string> {
    await this.page.evaluate(() => (document.getElementById('message')!.textContent = ''));
    await act();
    const h = await this.page.waitForFunction(() => document.getElementById('message')!.textContent || null);
    return (await h.jsonValue()) as string;
  }

  /** Sells the ticket: scanned (its code and Enter); throws with the counter's words if refused. */
  async sell(code: string): Promise<string> {
    const p = this.page;
    await p.keyboard.press('F1');
    const text = await this.answer(async () => {
      await p.locator('#code').fill(code);
      await p.locator('#code').press('Enter');
    });
    if (!/^Vendu/.test(text)) throw new Error(`the sale of ${code} was refused: ${text}`);
    return text;
  }

  /** Pays a won ticket: F2, the code, Enter; the amount shown is read, then Enter confirms it. */
  async pay(code: string): Promise<CounterAnswer> {
    const p = this.page;
    await p.keyboard.press('F2');
    const first = await this.answer(async () => {
      await p.locator('#code').fill(code);
      await p.locator('#code').press('Enter');
    });
    if (!(await p.locator('#confirm').isVisible())) return { ok: false, text: first };
    const shown = centsOf((await p.locator('#confirm-text').textContent()) ?? '');
    const text = await this.answer(() => p.keyboard.press('Enter'));
    if (!/^Payé/.test(text)) return { ok: false, text };
    const paid = centsOf(text);
    if (paid !== shown) throw new Error(`the counter showed ${shown} and paid ${paid}`);
    return { ok: true, prizeCents: paid, text };
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
