import { expect, type Page } from '@playwright/test';
import { en } from '../../src/app/i18n/en';
import { fr } from '../../src/app/i18n/fr';
import type { HookText } from '../../src/app/test-hook';
import { READ_MIN_CSS } from '../../src/scene/layout';
import { chooseHaystack, openDemo, pickHen, pressButton } from './drive';
import { layout, settle, state, until } from './poule';
import { nextHen, SEEDS } from './seeds';

/** Fit checks read through the hook: texts out of their box, buttons under a fingertip's size. */

/** The eight sizes the game is made for (the last one is where a walk goes on: the desktop's). */
export const FIT_SIZES = [
  { name: '360x640', width: 360, height: 640, touch: true },
  { name: '390x844', width: 390, height: 844, touch: true },
  { name: '844x390', width: 844, height: 390, touch: true },
  { name: '640x360', width: 640, height: 360, touch: true },
  { name: '1080x1920', width: 1080, height: 1920, touch: true },
  { name: '1920x1080', width: 1920, height: 1080, touch: true },
  { name: '3840x2160', width: 3840, height: 2160, touch: false },
  // Last: the walk goes on at the desktop size.
  { name: '1280x720', width: 1280, height: 720, touch: false },
] as const;

/** Half a CSS pixel for rounding, plus the few pixels of a text's outline. */
const SLACK = 3;

/**
 * Texts that run out of their box, named with their words and where. `times` measures the same screen as if drawn
 * that many times larger (the 4K window is the 1920×1080 board at twice the scale: every distance doubles).
 */
export async function overflowing(page: Page, times = 1): Promise<string[]> {
  const texts: HookText[] = await page.evaluate(() => window.__poule!.texts());
  expect(texts.length, 'the hook lists the texts on screen').toBeGreaterThan(0);
  const out: string[] = [];
  for (const t of texts) {
    const r = t.rect;
    const b = t.box;
    const over =
      times * Math.max(b.x - r.x, r.x + r.width - (b.x + b.width), b.y - r.y, r.y + r.height - (b.y + b.height));
    if (over > SLACK)
      out.push(`« ${t.text.replace(/\s+/g, ' ').slice(0, 60)} » runs ${over.toFixed(0)} px out of its ${t.boxKind}`);
  }
  return out;
}

/** The serial printed on the ticket card, in either language (« Ticket n° 000001-000001 »). */
const PRINTED_SERIAL = new RegExp(`^(${[fr, en].map((w) => w.ticketSerial.split('{')[0]).join('|')})`);

/**
 * Texts on screen printed smaller than a phone reads (READ_MIN_CSS), named with their size. `finePrint`: the
 * ticket card's printed serial is left out (while the card is large: it is written again under the docked ticket).
 */
export async function unreadable(page: Page, finePrint = false): Promise<string[]> {
  const texts: HookText[] = await page.evaluate(() => window.__poule!.texts());
  return texts
    .filter((t) => t.px < READ_MIN_CSS && !(finePrint && PRINTED_SERIAL.test(t.text)))
    .map((t) => `« ${t.text.replace(/\s+/g, ' ').slice(0, 60)} » is ${t.px.toFixed(1)} px, under ${READ_MIN_CSS}`);
}

/** Buttons on screen smaller than 44 CSS px either way. */
export async function smallButtons(page: Page): Promise<string[]> {
  const l = await layout(page);
  return Object.entries(l.buttons)
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([id, r]) => `${id} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
}

/** Buttons on screen that cover part of another (more than 2 CSS px each way), named in pairs. */
export async function overlappingButtons(page: Page): Promise<string[]> {
  const l = await layout(page);
  const all = Object.entries(l.buttons);
  const out: string[] = [];
  all.forEach(([a, r], i) => {
    for (const [b, q] of all.slice(i + 1)) {
      const w = Math.min(r.x + r.width, q.x + q.width) - Math.max(r.x, q.x);
      const h = Math.min(r.y + r.height, q.y + q.height) - Math.max(r.y, q.y);
      if (w > 2 && h > 2) out.push(`${a} and ${b} overlap by ${w.toFixed(0)}×${h.toFixed(0)} px`);
    }
  });
  return out;
}

/**
 * Walks every screen a player meets, in `lang`, calling `check` at each: the title, both rules pages, a whole demo
 * ticket (scratch, round, haystacks, result), « Historique », then the attract loop's still scenes, each held on screen by a loop of
 * its own (a 4K frame can take seconds here: a shared loop could move on before the check).
 */
export async function walkScreens(page: Page, lang: string, check: (screen: string) => Promise<void>): Promise<void> {
  const path = SEEDS.lostExtraLost;
  // No attract loop on a slow machine's long waits (idle=3600): the walk goes through the screens itself.
  await openDemo(page, path.seed, `speed=20&lang=${lang}&idle=3600`);
  await check('title');
  await pressButton(page, 'rules', 'mouse');
  await until(page, (s) => s.screen === 'rules');
  await page.waitForTimeout(400); // its fade-in
  await check('rules');
  await pressButton(page, 'rulesPage', 'mouse');
  await check('rules-prizes');
  await pressButton(page, 'close', 'mouse');
  await pressButton(page, 'buy', 'mouse');
  await check('scratch');
  await pressButton(page, 'scratchAll', 'mouse');
  await check('round');
  for (let step = 0; step < 40 && (await state(page)).game!.phase !== 'ended'; step++) {
    const g = (await state(page)).game!;
    if (g.phase === 'haystack') {
      await check('haystacks');
      await chooseHaystack(page, path.haystack!, 'mouse');
    } else await pickHen(page, nextHen(g.round!.hens), 'mouse');
    await settle(page);
  }
  await until(page, (s) => s.screen === 'result');
  await check('result');
  // « Historique » (a demo keeps none, and says so in its place).
  await pressButton(page, 'home', 'mouse');
  await until(page, (s) => s.screen === 'title');
  await pressButton(page, 'history', 'mouse');
  await until(page, (s) => s.screen === 'history');
  await check('history');
  for (const scene of ['title', 'howto', 'prizes'] as const) {
    await page.goto(`/?mode=attract&scenes=${scene}&loop=600&lang=${lang}&speed=1`);
    await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
    await until(page, (s) => s.attract?.scene === scene, 90_000);
    // Past the cross-fade (and the how-to's cards coming in one by one).
    await page.waitForTimeout(scene === 'howto' ? 2500 : 900);
    await check(`attract-${scene}`);
  }
}
