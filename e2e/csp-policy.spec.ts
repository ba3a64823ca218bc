import { expect, type Page, test } from '@playwright/test';
import { clickButton, clickRect, layout, openGame, settle, state } from './support/poule';

// Booting takes up to a minute on a loaded 2-core machine with software WebGL: generous waits, no timed assertion.
test.describe.configure({ timeout: 300_000 });

/**
 * The built game under its Content Security Policy (enforced: a <meta> in dist/index.html and the headers of
 * `vite preview`, tools/security-csp.ts). Every violation is counted two ways: the page's securitypolicyviolation
 * events (an init script listens from the first byte) and console messages naming the policy. A whole demo ticket
 * and a whole real ticket must count 0; a script the policy blocks must be counted, so the count can fail.
 */
interface Watch {
  console: string[];
  pageErrors: string[];
}

async function watchPolicy(page: Page): Promise<Watch> {
  const w: Watch = { console: [], pageErrors: [] };
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) w.console.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => w.pageErrors.push(e.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} ${e.sample}`.trim()),
    );
  });
  return w;
}

const violations = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...((window as unknown as { __cspViolations: string[] }).__cspViolations ?? [])]);

/** Plays the ticket on screen to its end with real clicks: scratch all, the first hen still down, the middle haystack. */
async function playWholeTicket(page: Page): Promise<void> {
  await clickButton(page, 'buy');
  for (let step = 0; step < 100; step++) {
    const g = (await state(page)).game!;
    if (g.phase === 'ended') return;
    if (g.phase === 'scratch') {
      await clickButton(page, 'scratchAll');
      continue;
    }
    const l = await layout(page);
    if (g.phase === 'haystack') await clickRect(page, l.haystacks[2]!);
    else await clickRect(page, l.hens[g.round!.hens.indexOf(null)]!);
    await settle(page);
  }
  throw new Error('the ticket did not end in 100 steps');
}

test('the served page carries the policy and has no inline script or style', async ({ page, request }) => {
  const res = await request.get('/');
  const header = res.headers()['content-security-policy'] ?? '';
  const html = (await res.text()).replace(/<!--[\s\S]*?-->/g, '');
  expect(header).toContain("frame-ancestors 'none'");
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  for (const policy of [header, meta]) {
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('unsafe-inline');
  }
  // Every <script> has a src; no <style> element and no style="" attribute in the page.
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
  expect(html).not.toMatch(/<style[\s>]/);
  expect(html).not.toMatch(/\sstyle=/);
  await page.goto('/');
  expect(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]') !== null)).toBe(
    true,
  );
});

for (const run of [
  { name: 'a demo ticket (seed 42)', query: '?demo=1&seed=42&speed=8', draws: 'seeded' },
  { name: 'a real ticket', query: '?speed=8', draws: 'crypto' },
] as const) {
  test(`${run.name}, played to its end, makes 0 policy violations`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const w = await watchPolicy(page);
    await openGame(page, run.query);
    await playWholeTicket(page);
    const s = await state(page);
    expect(s.screen).toBe('result');
    expect(s.game!.draws).toBe(run.draws);
    // Sound and music are loaded by then too (fetch + Web Audio under connect-src/media-src).
    await page.waitForTimeout(500);
    const counted = await violations(page);
    console.log(`[csp] ${run.name}: ${counted.length} violation events, ${w.console.length} console reports`);
    expect(counted).toEqual([]);
    expect(w.console).toEqual([]);
    expect(w.pageErrors).toEqual([]);
  });
}

/** A page variant: the built index.html with an inline script and style added, plus a same-origin script that evals. */
async function servePlantedPage(page: Page): Promise<void> {
  await page.route('**/csp-probe.js', (r) =>
    r.fulfill({
      contentType: 'text/javascript',
      body: "try { new Function('return 1')(); window.__evalRan = true; } catch (e) { window.__evalRefused = true; }",
    }),
  );
  await page.route(/\/(\?.*)?$/, async (r) => {
    const original = await r.fetch();
    const planted = (await original.text()).replace(
      '</head>',
      '<script>window.__inlineRan = true;</script><style>body { background: red; }</style>' +
        '<script src="./csp-probe.js"></script></head>',
    );
    // The served headers (the policy among them) are kept as they were.
    await r.fulfill({ response: original, body: planted });
  });
}

test('the count can fail: a page with an inline script, an inline style and eval is blocked and counted', async ({
  page,
}) => {
  const w = await watchPolicy(page);
  await servePlantedPage(page);
  await openGame(page, '?demo=1&speed=8');
  const ran = await page.evaluate(() => {
    const g = window as unknown as Record<string, unknown>;
    return {
      inline: g['__inlineRan'] === true,
      evalRan: g['__evalRan'] === true,
      evalRefused: g['__evalRefused'] === true,
    };
  });
  // The probe file is same-origin, so it ran; its eval was refused; the inline script never ran.
  expect(ran).toEqual({ inline: false, evalRan: false, evalRefused: true });
  const counted = await violations(page);
  console.log(`[csp] planted page: ${counted.length} violation events, ${w.console.length} console reports`);
  expect(counted.some((v) => v.startsWith('script-src-elem') && v.includes('inline'))).toBe(true);
  expect(counted.some((v) => v.startsWith('style-src-elem') && v.includes('inline'))).toBe(true);
  expect(counted.some((v) => v.startsWith('script-src') && v.includes('eval'))).toBe(true);
  expect(w.console.length).toBeGreaterThanOrEqual(2);
});
