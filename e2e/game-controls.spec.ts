import { expect, type Page, test } from '@playwright/test';
import {
  clickButton,
  clickRect,
  focus,
  layout,
  openGame,
  resizeTo,
  settle,
  shot,
  state,
  waitIdle,
} from './support/poule';

/** The game's controls beyond the mouse path: keys, drags, double taps, resizes, languages, sound, parameters. */
// Whole tickets on software WebGL: slow when the machine is shared.
test.describe.configure({ timeout: 240_000 });
const DEMO = '?demo=1&seed=42&speed=8';

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await settle(page);
}

async function startTicket(page: Page): Promise<void> {
  await clickButton(page, 'buy');
  expect((await state(page)).game?.phase).toBe('scratch');
}

test('a whole ticket with the keyboard only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  await press(page, 'ArrowDown');
  expect(await focus(page)).toEqual({ kind: 'button', index: 0, id: 'buy' });
  await press(page, 'Enter');
  expect((await state(page)).game?.phase).toBe('scratch');
  await press(page, 's');
  expect((await state(page)).game?.phase).toBe('round');
  for (let step = 0; step < 120; step++) {
    const g = (await state(page)).game!;
    if (g.phase === 'ended') break;
    // Right along a row; down a row every third step, so the focus reaches hens still down.
    await press(page, step % 3 === 2 ? 'ArrowDown' : 'ArrowRight');
    const f = await focus(page);
    expect(f?.kind).toBe(g.phase === 'round' ? 'hen' : 'haystack');
    if (g.phase === 'round' && g.round!.hens[f!.index] !== null) continue;
    await press(page, 'Enter');
    const after = (await state(page)).game!;
    if (g.phase === 'round') expect(after.rounds[g.round!.round - 1]!.picks.at(-1)!.hen).toBe(f!.index);
    else expect(after.haystack.chosen).toBe(f!.index);
  }
  const s = await state(page);
  expect(s.game?.phase).toBe('ended');
  expect(s.screen).toBe('result');
  await press(page, 'ArrowDown');
  expect((await focus(page))?.id).toBe('playAgain');
  await press(page, 'Enter');
  expect((await state(page)).game?.phase).toBe('scratch');
  await press(page, 'Escape');
  expect((await state(page)).screen).toBe('rules');
  await press(page, 'Escape');
  expect((await state(page)).screen).toBe('ticket');
});

test('the arrows reach every button on the title and in the « Historique » screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, '?speed=8');
  /** The button ids the focus visits, pressing ArrowDown until it comes back to the first. */
  const visited = async (): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      await press(page, 'ArrowDown');
      const id = (await focus(page))?.id;
      if (id === undefined || ids.includes(id)) break;
      ids.push(id);
    }
    return ids;
  };
  const title = await visited();
  expect(title[0]).toBe('buy');
  expect([...title].sort()).toEqual(Object.keys((await layout(page)).buttons).sort());
  expect(title).toContain('history');
  // Enter on « Historique » opens it; the arrows then move over its buttons only, and Escape or « Fermer » leaves.
  while ((await focus(page))?.id !== 'history') await press(page, 'ArrowDown');
  await press(page, 'Enter');
  expect((await state(page)).screen).toBe('history');
  const history = await visited();
  const header = ['mute', 'lang', 'rules', 'menu'];
  expect([...history].sort()).toEqual(
    Object.keys((await layout(page)).buttons)
      .filter((id) => !header.includes(id))
      .sort(),
  );
  expect(history).toContain('historyClose');
  while ((await focus(page))?.id !== 'historyClose') await press(page, 'ArrowDown');
  await press(page, 'Enter');
  expect((await state(page)).screen).toBe('title');
});

test('scratching by dragging uncovers the real amounts: asked at the first strokes, drawn under the foil left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // At speed 1: the foil left clears itself once the finger has rested 1.2 s of game time, longer than a check here.
  await openGame(page, '?demo=1&seed=42&speed=1');
  await startTicket(page);
  const z = (await layout(page)).scratch!;
  const box = (await page.locator('#game canvas').boundingBox())!;
  await page.mouse.move(box.x + z.x + 8, box.y + z.y + 10);
  await page.mouse.down();
  // Back and forth across the zone, top to bottom; after each pass, is the foil still there over known amounts?
  let underFoil = false;
  for (let row = 0; row < 7 && (await layout(page)).scratch !== null; row++) {
    const y = box.y + z.y + 10 + (row * (z.height - 20)) / 6;
    const to = row % 2 === 0 ? z.x + z.width - 8 : z.x + 8;
    await page.mouse.move(box.x + to, y, { steps: 12 });
    const amounts = (await state(page)).game?.amounts ?? null;
    if (amounts !== null && (await layout(page)).scratch !== null) underFoil = true;
  }
  await page.mouse.up();
  await waitIdle(page);
  expect(underFoil, 'the amounts were known while part of the foil was still to rub').toBe(true);
  const s = await state(page);
  expect(s.game?.amounts).not.toBeNull();
  expect(s.game?.phase).toBe('round');
  expect((await layout(page)).scratch).toBeNull();
});

test('a double tap on a hen costs one pick', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  await startTicket(page);
  await clickButton(page, 'scratchAll');
  const r = (await layout(page)).hens[7]!;
  const box = (await page.locator('#game canvas').boundingBox())!;
  await page.mouse.dblclick(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
  const other = (await layout(page)).hens[8];
  if (other) await clickRect(page, other); // lands while the first pick is still being shown: dropped
  await settle(page);
  const g = (await state(page)).game!;
  expect(g.rounds[0]!.picks.map((p) => p.hen)).toEqual([7]);
});

test('a resize in the middle of a round keeps the round and lays it out again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  await startTicket(page);
  await clickButton(page, 'scratchAll');
  await clickRect(page, (await layout(page)).hens[0]!);
  await settle(page);
  const before = (await state(page)).game;
  for (const [w, h] of [
    [720, 1280],
    [360, 640],
    [1920, 1080],
  ] as const) {
    await resizeTo(page, w, h);
    await shot(page, `resized-${w}x${h}`);
    const s = await state(page);
    expect(s.layout).toBe(w >= h ? 'landscape' : 'portrait');
    expect(s.game).toEqual(before);
    const l = await layout(page);
    expect(l.hens).toHaveLength(30);
    for (const r of l.hens) {
      expect(r.x).toBeGreaterThanOrEqual(-1);
      expect(r.y).toBeGreaterThanOrEqual(-1);
      expect(r.x + r.width).toBeLessThanOrEqual(w + 1);
      expect(r.y + r.height).toBeLessThanOrEqual(h + 1);
    }
  }
  const l = await layout(page);
  const hen = (await state(page)).game!.round!.hens.indexOf(null);
  await clickRect(page, l.hens[hen]!);
  await settle(page);
  expect((await state(page)).game!.rounds[0]!.picks.at(-1)!.hen).toBe(hen);
});

test('the language switches, the mute is remembered, the rules show the exact odds', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  expect((await state(page)).lang).toBe('fr');
  await clickButton(page, 'lang');
  expect((await state(page)).lang).toBe('en');
  await clickButton(page, 'rules');
  await shot(page, 'rules-en');
  await clickButton(page, 'close');
  const muted = (await state(page)).muted;
  await clickButton(page, 'mute');
  expect((await state(page)).muted).toBe(!muted);
  await page.reload();
  await page.waitForFunction(() => window.__poule?.ready === true);
  await waitIdle(page);
  expect((await state(page)).muted).toBe(!muted);
  await clickButton(page, 'mute');
  expect((await state(page)).muted).toBe(muted);
});

test('real play refuses a seed, names bad parameters, and is not marked as a demo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, '?seed=42&speed=abc');
  const s = await state(page);
  expect(s).toMatchObject({ mode: 'play', demo: false, seed: null });
  expect(s.messages.join(' ')).toContain('seed');
  expect(s.messages.join(' ')).toContain('speed');
  await shot(page, 'title-real-play-messages');
  await startTicket(page);
  expect((await state(page)).game?.draws).toBe('crypto');
});

test('a lost WebGL context is recovered without losing the ticket', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  await startTicket(page);
  await clickButton(page, 'scratchAll');
  await clickRect(page, (await layout(page)).hens[3]!);
  await settle(page);
  const before = (await state(page)).game;
  const lost = await page.evaluate(async () => {
    const canvas = document.querySelector('#game canvas') as HTMLCanvasElement;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    const ext = gl?.getExtension('WEBGL_lose_context');
    if (!ext) return false;
    ext.loseContext();
    await new Promise((r) => setTimeout(r, 300));
    ext.restoreContext();
    await new Promise((r) => setTimeout(r, 800));
    return true;
  });
  expect(lost, 'WEBGL_lose_context, which the Chromium of these tests has (SwiftShader), was not offered').toBe(true);
  await waitIdle(page);
  expect((await state(page)).game).toEqual(before);
  await shot(page, 'after-context-restore');
  const hen = before!.round!.hens.indexOf(null);
  await clickRect(page, (await layout(page)).hens[hen]!);
  await settle(page);
  expect((await state(page)).game!.rounds[0]!.picks.at(-1)!.hen).toBe(hen);
});

/** Picks the first hen still down until the phase leaves the round; returns the last snapshot. */
async function pickUntilRoundEnds(page: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const g = (await state(page)).game!;
    if (g.phase !== 'round') return;
    const hen = g.round!.hens.indexOf(null);
    await clickRect(page, (await layout(page)).hens[hen]!);
    await settle(page);
  }
}

test('a win is celebrated and paid (seed 52: A2 on ticket one)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, '?demo=1&seed=52&speed=2');
  await startTicket(page);
  await clickButton(page, 'scratchAll');
  const a2 = (await state(page)).game!.amounts!.a2Cents;
  for (let i = 0; i < 40; i++) {
    const g = (await state(page)).game!;
    if (g.phase !== 'round') break;
    const hen = g.round!.hens.indexOf(null);
    await clickRect(page, (await layout(page)).hens[hen]!);
    await page.waitForTimeout(1500);
    if ((await state(page)).game!.result) await shot(page, 'celebration-landscape');
    await settle(page);
  }
  const s = await state(page);
  expect(s.game!.result).toEqual({ outcome: 'won', prize: 'A2', prizeCents: a2 });
  expect(s.balanceCents).toBe(2000 - 200 + a2);
  expect(s.screen).toBe('result');
});

test('a lost round, the Extra found, then a win (seed 35)', async ({ page }) => {
  await page.setViewportSize({ width: 720, height: 1280 });
  await openGame(page, '?demo=1&seed=35&speed=8');
  await startTicket(page);
  await clickButton(page, 'scratchAll');
  await pickUntilRoundEnds(page);
  let g = (await state(page)).game!;
  expect(g.phase).toBe('haystack');
  expect(g.rounds[0]!.outcome).toBe('lost');
  expect(g.rounds[0]!.board!.filter((e) => e === 'egg')).toHaveLength(1);
  const stacks = (await layout(page)).haystacks;
  expect(stacks).toHaveLength(5);
  await clickRect(page, stacks[2]!);
  await settle(page);
  g = (await state(page)).game!;
  expect(g.haystack).toEqual({ offered: true, chosen: 2, extraAt: 2 });
  expect(g.extraWon).toBe(true);
  expect(g.round).toMatchObject({ round: 2, picksLeft: 3, picks: [] });
  expect((await layout(page)).hens).toHaveLength(30);
  await shot(page, 'portrait-extra-round');
  await pickUntilRoundEnds(page);
  g = (await state(page)).game!;
  expect(g.result?.outcome).toBe('won');
});
