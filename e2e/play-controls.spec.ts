import { expect, type Page, test } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { HookRect } from '../src/app/test-hook';
import { computeLayout } from '../src/scene/layout';
import {
  canvasImage,
  centreOf,
  chooseHaystack,
  type Device,
  expectCells,
  LAYOUTS,
  openDemo,
  pickHen,
  playPath,
  pressButton,
  saveScreen,
} from './support/drive';
import { layout, settle, state, waitIdle } from './support/poule';
import { nextHen, SEEDS, TEN_LOSSES } from './support/seeds';

/**
 * Controls, played through the canvas on seeded demo tickets: double taps, a resize in the middle of a round, games
 * with the keyboard only and with touch only, the balance running out and the top-up, the mute and the language.
 */
test.setTimeout(300_000); // software WebGL on a shared two-core machine

/** Two real clicks or taps at the same place, as fast as the device makes them. */
async function doubleTap(page: Page, r: HookRect, device: 'mouse' | 'touch'): Promise<void> {
  const c = await centreOf(page, r);
  if (device === 'mouse') {
    await page.mouse.dblclick(c.x, c.y);
  } else {
    await page.touchscreen.tap(c.x, c.y);
    await page.touchscreen.tap(c.x, c.y);
  }
}

async function startRound(page: Page, seed: number, device: Device): Promise<void> {
  await openDemo(page, seed);
  await pressButton(page, 'buy', device);
  await pressButton(page, 'scratchAll', device);
  expect((await state(page)).game?.phase).toBe('round');
}

for (const vp of LAYOUTS) {
  const device = vp.name === 'landscape' ? 'mouse' : 'touch';
  test.describe(`${vp.name}, ${device}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, hasTouch: device === 'touch' });

    test('a double tap on a hen costs one pick', async ({ page }) => {
      const path = SEEDS.laterPickWin; // empty, chick, egg
      await startRound(page, path.seed, device);
      const hen = nextHen((await state(page)).game!.round!.hens);
      await doubleTap(page, (await layout(page)).hens[hen]!, device);
      await settle(page);
      const g = (await state(page)).game!;
      expect(g.rounds[0]!.picks).toEqual([{ hen, element: path.elements[0]![0] }]);
      expect(g.round!.picksLeft).toBe(2);
      expect(g.round!.hens.filter((h) => h !== null)).toHaveLength(1);
      expectCells(await canvasImage(page), (await layout(page)).hens, g.round!.hens, 'after a double tap');
      // The game goes on: the next pick is the chick, then the egg.
      for (const element of path.elements[0]!.slice(1)) {
        const next = nextHen((await state(page)).game!.round!.hens);
        await pickHen(page, next, device);
        await settle(page);
        expect((await state(page)).game!.rounds[0]!.picks.at(-1)).toEqual({ hen: next, element });
      }
      expect((await state(page)).game!.result).toMatchObject({ outcome: 'won', prize: 'A2' });
    });

    test('a double tap on a haystack opens one, and the second tap is not a pick in the Extra round', async ({
      page,
    }) => {
      const path = SEEDS.lostExtraWon; // three empties, the Extra at haystack 2, then the egg
      await startRound(page, path.seed, device);
      for (let k = 0; k < 3; k++) {
        await pickHen(page, nextHen((await state(page)).game!.round!.hens), device);
        await settle(page);
      }
      expect((await state(page)).game!.phase).toBe('haystack');
      await doubleTap(page, (await layout(page)).haystacks[path.haystack!]!, device);
      await settle(page);
      const g = (await state(page)).game!;
      expect(g.haystack).toEqual({ offered: true, chosen: path.haystack, extraAt: path.haystack });
      expect(g.phase).toBe('round');
      expect(g.rounds).toHaveLength(2);
      expect(g.round).toMatchObject({ round: 2, picks: [], picksLeft: 3 });
      expect((await layout(page)).hens).toHaveLength(30);
    });

    test('a touch-only game (no mouse, no keys) plays a ticket to its end', async ({ browser }) => {
      // A touch context in this layout; in portrait the play-tickets spec already plays every path by touch.
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        hasTouch: true,
        isMobile: false,
      });
      const page = await context.newPage();
      await playPath(page, SEEDS.lostExtraWon, 'touch');
      await pressButton(page, 'playAgain', 'touch');
      expect((await state(page)).game).toMatchObject({ phase: 'scratch', serial: { index: 2 } });
      await context.close();
    });

    test('a keyboard-only game: arrows move the focus, Enter and Space pick, S scratches, Escape opens the menu', async ({
      page,
    }) => {
      let escaped = false;
      await playPath(page, SEEDS.lostExtraLost, 'keys', {
        scratchKey: 's',
        space: true,
        afterPick: async (p) => {
          if (escaped || (await state(p)).game!.phase !== 'round') return;
          escaped = true;
          await p.keyboard.press('Escape');
          await settle(p);
          expect((await state(p)).screen).toBe('rules');
          await p.keyboard.press('Escape');
          await settle(p);
          expect((await state(p)).screen).toBe('ticket');
        },
      });
      expect(escaped).toBe(true);
      await pressButton(page, 'playAgain', 'keys');
      expect((await state(page)).game).toMatchObject({ phase: 'scratch', serial: { index: 2 } });
    });
  });
}

/** True when two rectangles share more than a sliver (rounding) of area. */
function overlap(a: HookRect, b: HookRect): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 1 && h > 1;
}

async function expectHensLaidOut(page: Page, width: number, height: number): Promise<HookRect[]> {
  const hens = (await layout(page)).hens;
  expect(hens).toHaveLength(30);
  for (const r of hens) {
    expect(r.width).toBeGreaterThan(20);
    expect(r.x).toBeGreaterThanOrEqual(-0.5);
    expect(r.y).toBeGreaterThanOrEqual(-0.5);
    expect(r.x + r.width).toBeLessThanOrEqual(width + 0.5);
    expect(r.y + r.height).toBeLessThanOrEqual(height + 0.5);
  }
  const pairs: string[] = [];
  for (let i = 0; i < hens.length; i++)
    for (let j = i + 1; j < hens.length; j++) if (overlap(hens[i]!, hens[j]!)) pairs.push(`${i}/${j}`);
  expect(pairs, 'hens whose cells overlap').toEqual([]);
  return hens;
}

test('a resize in the middle of a round (landscape → portrait → landscape) keeps the round and play goes on', async ({
  page,
}) => {
  const path = SEEDS.laterPickWin; // empty, chick, egg
  await page.setViewportSize({ width: 1280, height: 720 });
  await startRound(page, path.seed, 'mouse');
  const first = nextHen((await state(page)).game!.round!.hens);
  await pickHen(page, first, 'mouse');
  await settle(page);
  const before = (await state(page)).game;
  const landscapeHens = await expectHensLaidOut(page, 1280, 720);

  await page.setViewportSize({ width: 720, height: 1280 });
  // The stage follows the window on its next resize event and frame: wait for it, then for idle.
  await expect.poll(async () => (await state(page)).layout, { timeout: 30_000 }).toBe('portrait');
  await waitIdle(page);
  let s = await state(page);
  expect(s.game).toEqual(before);
  const portraitHens = await expectHensLaidOut(page, 720, 1280);
  expect(portraitHens[0]).not.toEqual(landscapeHens[0]);
  expect(portraitHens[29]!.y).toBeGreaterThan(landscapeHens[29]!.y);
  expectCells(await canvasImage(page), portraitHens, s.game!.round!.hens, 'after the resize to portrait');
  saveScreen('play-resized-portrait', await canvasImage(page));

  const second = nextHen(s.game!.round!.hens);
  await pickHen(page, second, 'mouse');
  await settle(page);
  expect((await state(page)).game!.rounds[0]!.picks.at(-1)).toEqual({ hen: second, element: 'chick' });

  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(async () => (await state(page)).layout, { timeout: 30_000 }).toBe('landscape');
  await waitIdle(page);
  s = await state(page);
  const back = await expectHensLaidOut(page, 1280, 720);
  back.forEach((r, i) => {
    expect(Math.abs(r.x - landscapeHens[i]!.x)).toBeLessThan(1);
    expect(Math.abs(r.y - landscapeHens[i]!.y)).toBeLessThan(1);
  });
  expectCells(await canvasImage(page), back, s.game!.round!.hens, 'after the resize back to landscape');

  const third = nextHen(s.game!.round!.hens);
  await pickHen(page, third, 'mouse');
  await settle(page);
  expect((await state(page)).game!.result).toEqual({ outcome: 'won', prize: 'A2', prizeCents: path.prizeCents });
});

/** Pixels that differ between two crops of the canvas (pixelmatch's default threshold). */
function differing(a: PNG, b: PNG, r: HookRect): number {
  const crop = (img: PNG): PNG => {
    const out = new PNG({ width: Math.round(r.width), height: Math.round(r.height) });
    PNG.bitblt(img, out, Math.round(r.x), Math.round(r.y), out.width, out.height, 0, 0);
    return out;
  };
  const ca = crop(a);
  const cb = crop(b);
  return pixelmatch(ca.data, cb.data, null, ca.width, ca.height, { threshold: 0.1 }) / (ca.width * ca.height);
}

test('the balance runs out after ten lost tickets: a clear message, buying refused, the top-up restores 20 €', async ({
  page,
}) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openDemo(page, TEN_LOSSES.seed, 'speed=100&idle=3600'); // no attract loop during a slow machine's long waits
  // Where the title's notices are written (the layout's message box), in CSS pixels.
  const l = computeLayout(1280, 720);
  const m = l.title.message;
  const notes = {
    x: l.offsetX + m.x * l.scale,
    y: l.offsetY + m.y * l.scale,
    width: m.width * l.scale,
    height: m.height * l.scale,
  };
  const titleBefore = await canvasImage(page);
  for (let ticket = 1; ticket <= TEN_LOSSES.tickets; ticket++) {
    await pressButton(page, ticket === 1 ? 'buy' : 'playAgain', 'mouse');
    expect((await state(page)).balanceCents).toBe(2000 - ticket * 200);
    await pressButton(page, 'scratchAll', 'mouse');
    for (let step = 0; step < 40 && (await state(page)).game!.phase !== 'ended'; step++) {
      const g = (await state(page)).game!;
      if (g.phase === 'haystack') await chooseHaystack(page, TEN_LOSSES.haystack, 'mouse');
      else await pickHen(page, nextHen(g.round!.hens), 'mouse');
      await settle(page);
    }
    expect((await state(page)).game!.result?.outcome).toBe('lost');
  }
  expect((await state(page)).balanceCents).toBe(0);
  // At 0 €: « Rejouer — 2,00 € » is greyed, the result says why in one line and offers the demo top-up.
  let ui = await layout(page);
  expect(ui.disabled).toContain('playAgain');
  expect(ui.buttons['resultTopUp'], 'the top-up is offered on the result').toBeDefined();
  saveScreen('play-landscape-result-balance-too-low', await canvasImage(page));
  await pressButton(page, 'playAgain', 'mouse');
  let s = await state(page);
  expect(s.screen, 'a greyed « Rejouer » buys nothing').toBe('result');
  expect(s.game?.serial.index).toBe(TEN_LOSSES.tickets);
  // Home: the title's buy button is greyed too, with the reason.
  await pressButton(page, 'home', 'mouse');
  s = await state(page);
  expect(s.screen).toBe('title');
  expect(s.balanceCents).toBe(0);
  expect(s.messages[0]).toContain('Solde insuffisant');
  ui = await layout(page);
  expect(ui.disabled).toContain('buy');
  const titleLow = await canvasImage(page);
  saveScreen('play-landscape-balance-too-low', titleLow);
  // The message is on screen: the notices' box changed.
  expect(differing(titleBefore, titleLow, notes)).toBeGreaterThan(0.005);
  await pressButton(page, 'buy', 'mouse');
  s = await state(page);
  expect(s.screen).toBe('title');
  expect(s.game?.serial.index).toBe(TEN_LOSSES.tickets);
  await pressButton(page, 'topUp', 'mouse');
  s = await state(page);
  expect(s.balanceCents).toBe(2000);
  expect(s.messages.join(' ')).not.toContain('Solde insuffisant');
  expect((await layout(page)).disabled).not.toContain('buy');
  await pressButton(page, 'buy', 'mouse');
  s = await state(page);
  expect(s.screen).toBe('ticket');
  expect(s.balanceCents).toBe(1800);
  expect(s.game?.serial.index).toBe(TEN_LOSSES.tickets + 1);
});

test('the mute is remembered across a reload, and the language switch changes the text on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openDemo(page, 1);
  const l = await layout(page);
  const mute = l.buttons['mute']!;
  const buy = l.buttons['buy']!;
  const muted = (await state(page)).muted;
  const before = await canvasImage(page);
  await pressButton(page, 'mute', 'mouse');
  expect((await state(page)).muted).toBe(!muted);
  expect(await page.evaluate(() => localStorage.getItem('poule.muted'))).toBe(!muted ? '1' : '0');
  const toggled = await canvasImage(page);
  // The icon's change is small (the speaker's waves or a cross): a share of its pixels, not most of them.
  expect(differing(before, toggled, mute), 'the mute icon changes').toBeGreaterThan(0.005);
  await page.reload();
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
  await waitIdle(page);
  expect((await state(page)).muted).toBe(!muted);
  const reloaded = await canvasImage(page);
  expect(differing(toggled, reloaded, mute), 'the icon after the reload is the muted one').toBeLessThan(
    differing(before, reloaded, mute),
  );
  await pressButton(page, 'mute', 'mouse');
  expect((await state(page)).muted).toBe(muted);

  const fr = await canvasImage(page);
  await pressButton(page, 'lang', 'mouse');
  expect((await state(page)).lang).toBe('en');
  const en = await canvasImage(page);
  saveScreen('play-landscape-title-en', en);
  expect(differing(fr, en, buy), 'the buy button reads in English').toBeGreaterThan(0.03);
  expect(differing(fr, en, l.buttons['lang']!), 'the language button now offers FR').toBeGreaterThan(0.03);
  await pressButton(page, 'lang', 'mouse');
  expect((await state(page)).lang).toBe('fr');
  expect(differing(fr, await canvasImage(page), buy), 'back in French').toBeLessThan(0.03);
});
