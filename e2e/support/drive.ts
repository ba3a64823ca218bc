import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { HookRect } from '../../src/app/test-hook';
import type { Element } from '../../src/core';
import { computeLayout } from '../../src/scene/layout';
import { focus, layout, settle, state, waitIdle } from './poule';
import { nextHen, type SeedPath } from './seeds';

/** How a test plays: real mouse clicks, real touch taps (a context with hasTouch), or keys only. */
export type Device = 'mouse' | 'touch' | 'keys';

export const LAYOUTS = [
  { name: 'landscape', width: 1280, height: 720 },
  { name: 'portrait', width: 720, height: 1280 },
] as const;

export async function canvasBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator('#game canvas').boundingBox();
  if (!box) throw new Error('no canvas on the page');
  return box;
}

/** The centre of `r` in page coordinates. */
export async function centreOf(page: Page, r: HookRect): Promise<{ x: number; y: number }> {
  const box = await canvasBox(page);
  return { x: box.x + r.x + r.width / 2, y: box.y + r.y + r.height / 2 };
}

/** A real mouse click or touch tap at the centre of `r` (canvas CSS pixels). */
export async function tapAt(page: Page, r: HookRect, device: 'mouse' | 'touch'): Promise<void> {
  const c = await centreOf(page, r);
  if (device === 'touch') await page.touchscreen.tap(c.x, c.y);
  else await page.mouse.click(c.x, c.y);
}

/** Presses a button by id with the device, then waits until the game is idle. */
export async function pressButton(page: Page, id: string, device: Device): Promise<void> {
  if (device === 'keys') {
    await focusOn(page, (f) => f?.kind === 'button' && f.id === id, 'ArrowDown', 12);
    await page.keyboard.press('Enter');
  } else {
    const r = (await layout(page)).buttons[id];
    if (!r)
      throw new Error(
        `button ${id} is not on screen (visible: ${Object.keys((await layout(page)).buttons).join(', ')})`,
      );
    await tapAt(page, r, device);
  }
  await settle(page);
}

/** Presses `key` until the focus satisfies `ok` (at most `tries` presses). */
async function focusOn(
  page: Page,
  ok: (f: Awaited<ReturnType<typeof focus>>) => boolean,
  key: string,
  tries: number,
): Promise<void> {
  for (let i = 0; i <= tries; i++) {
    if (ok(await focus(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`focus never reached the target with ${key}: ${JSON.stringify(await focus(page))}`);
}

/**
 * Moves the keyboard focus onto hen `hen` with the arrows only (checking `__poule.focus()` after each key): down or up
 * to its row, then right or left to its column. The grid is `cols` wide; rows and columns wrap.
 */
export async function focusHen(page: Page, hen: number, cols: number): Promise<void> {
  let f = await focus(page);
  if (f?.kind !== 'hen') {
    await page.keyboard.press('ArrowRight');
    f = await focus(page);
    expect(f, 'the first arrow focuses the first hen').toEqual({ kind: 'hen', index: 0 });
  }
  for (let guard = 0; guard < 20 && f!.index !== hen; guard++) {
    const [row, col] = [Math.floor(f!.index / cols), f!.index % cols];
    const [wantRow, wantCol] = [Math.floor(hen / cols), hen % cols];
    const key = row < wantRow ? 'ArrowDown' : row > wantRow ? 'ArrowUp' : col < wantCol ? 'ArrowRight' : 'ArrowLeft';
    const before = f!.index;
    await page.keyboard.press(key);
    f = await focus(page);
    const expected =
      key === 'ArrowDown'
        ? before + cols
        : key === 'ArrowUp'
          ? before - cols
          : key === 'ArrowRight'
            ? before + 1
            : before - 1;
    expect(f, `${key} from hen ${before}`).toEqual({ kind: 'hen', index: expected });
  }
  expect(f?.index).toBe(hen);
}

/** Picks hen `hen` with the device (keys: arrows then Enter, or Space when `space`). Does not wait. */
export async function pickHen(page: Page, hen: number, device: Device, opts: { space?: boolean } = {}): Promise<void> {
  if (device === 'keys') {
    const cols = (await state(page)).layout === 'landscape' ? 6 : 5;
    await focusHen(page, hen, cols);
    await page.keyboard.press(opts.space ? ' ' : 'Enter');
  } else {
    await tapAt(page, (await layout(page)).hens[hen]!, device);
  }
}

/** Chooses haystack `i` with the device. Does not wait. */
export async function chooseHaystack(page: Page, i: number, device: Device): Promise<void> {
  if (device === 'keys') {
    await focusOn(page, (f) => f?.kind === 'haystack' && f.index === i, 'ArrowRight', 6);
    await page.keyboard.press('Enter');
  } else {
    await tapAt(page, (await layout(page)).haystacks[i]!, device);
  }
}

/**
 * The canvas as an image (CSS pixels = image pixels: the config's deviceScaleFactor is 1). A page screenshot clipped
 * to the canvas, not a locator screenshot: that one waits for animation frames, which never come under a paused clock.
 */
export async function canvasPng(page: Page): Promise<Buffer> {
  const clip = await canvasBox(page);
  return page.screenshot({ clip, animations: 'allow', caret: 'initial' });
}

export async function canvasImage(page: Page): Promise<PNG> {
  return PNG.sync.read(await canvasPng(page));
}

/** Where key screens are kept: test-results/screens/ (POULE_SCREENS moves them, as for poule.ts's shot()). */
export const SCREENS_DIR = process.env['POULE_SCREENS'] ?? 'test-results/screens';

/** Writes an image as a kept screen (the folder is made again: another run may have cleared test-results/). */
export function saveScreen(name: string, png: PNG | Buffer): void {
  mkdirSync(SCREENS_DIR, { recursive: true });
  // PNG.sync.read gives a plain object, not a PNG instance: tell them apart by the Buffer.
  writeFileSync(`${SCREENS_DIR}/${name}.png`, Buffer.isBuffer(png) ? png : PNG.sync.write(png));
}

/** Keeps the canvas as it is now as a screen artefact, and returns it. */
export async function keepScreen(page: Page, name: string): Promise<PNG> {
  const buf = await canvasPng(page);
  saveScreen(name, buf);
  return PNG.sync.read(buf);
}

/** A colour class of a cell's element, from its dominant warm colour. */
export type CellColour = 'gold' | 'yellow' | 'straw' | 'other';

export interface CellStats {
  readonly colour: CellColour;
  /** Shares of the sampled pixels: gold (egg), yellow (chick), straw/brown (nest). */
  readonly gold: number;
  readonly yellow: number;
  readonly straw: number;
}

function hsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return [h, max === 0 ? 0 : d / max, max / 255];
}

/**
 * Samples where the element sits in a hen's cell (the lower middle: hen-view.ts puts it at (128, 176) of the hen's
 * 256-unit square, the square centred in the cell) and classes it by its colours: gold (saturated, hue 36–47°: the egg,
 * and the straw of a full nest), lemon yellow (hue 47–62°: the chick) and straw/brown (hue 15–42°: nests).
 */
export function cellStats(img: PNG, cell: HookRect): CellStats {
  const s = Math.min(cell.width, cell.height) / 256;
  const cx = cell.x + cell.width / 2;
  const cy = cell.y + cell.height / 2;
  return regionStats(img, { x: cx - 50 * s, y: cy, width: 100 * s, height: 100 * s });
}

/** The colour shares of a rectangle of the canvas image, and its class (see cellStats). */
export function regionStats(img: PNG, r: HookRect): CellStats {
  const x0 = Math.max(0, Math.round(r.x));
  const x1 = Math.min(img.width, Math.round(r.x + r.width));
  const y0 = Math.max(0, Math.round(r.y));
  const y1 = Math.min(img.height, Math.round(r.y + r.height));
  let gold = 0;
  let yellow = 0;
  let straw = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4;
      const [h, sat, v] = hsv(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
      n++;
      if (sat > 0.55 && v > 0.75 && h >= 36 && h < 47) gold++;
      else if (sat > 0.45 && v > 0.8 && h >= 47 && h < 62) yellow++;
      else if (sat > 0.2 && v > 0.25 && h >= 15 && h < 42) straw++;
    }
  }
  const share = (k: number): number => (n === 0 ? 0 : Math.round((k / n) * 1000) / 1000);
  const st = { gold: share(gold), yellow: share(yellow), straw: share(straw) };
  // Measured on the art (both layouts): a chick's cell ≈ 0.14–0.20 yellow; the egg's ≈ 0.48 gold but under 0.05
  // yellow; a full nest under a chick ≈ 0.31 gold; an empty nest ≈ 0.35–0.50 straw, under 0.16 gold, under 0.05 yellow.
  const colour: CellColour =
    st.yellow > 0.1
      ? 'yellow'
      : st.gold > 0.38
        ? 'gold'
        : st.straw > 0.2 && st.gold < 0.2 && st.yellow < 0.07
          ? 'straw'
          : 'other';
  return { colour, ...st };
}

export const COLOUR_OF: Record<Element, CellColour> = { egg: 'gold', chick: 'yellow', empty: 'straw' };

/** Checks that each listed hen's cell shows its element's colour; returns the stats for the report. */
export function expectCells(
  img: PNG,
  hens: readonly HookRect[],
  elements: readonly (Element | null)[],
  what: string,
): void {
  const wrong: string[] = [];
  elements.forEach((e, hen) => {
    if (e === null) return;
    const st = cellStats(img, hens[hen]!);
    if (st.colour !== COLOUR_OF[e]) wrong.push(`hen ${hen} (${e}) looks ${st.colour} ${JSON.stringify(st)}`);
  });
  expect(wrong, `${what}: cells that do not show their element`).toEqual([]);
}

/** Opens a demo seed in `mode` and waits for the title. */
export async function openDemo(page: Page, seed: number, extra = 'speed=8'): Promise<void> {
  await page.goto(`/?demo=1&seed=${seed}&${extra}`);
  // Generous: on a loaded two-core machine, software WebGL takes a while to compile its shaders.
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
  await waitIdle(page);
}

/** Pauses the page's fake clock now (the test must have called page.clock.install() before the page loaded). */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 20);
}

export interface PathOptions {
  /** Extra URL parameters (default speed=8). */
  readonly query?: string;
  /** A key that scratches the whole zone (S) instead of the « tout gratter » button. */
  readonly scratchKey?: string;
  /** Keys only: every second pick with Space instead of Enter. */
  readonly space?: boolean;
  /** Runs after each pick has settled (a resize, a menu…). */
  readonly afterPick?: (page: Page) => Promise<void>;
}

/** Plays the first ticket of `path.seed` with `device`, checking the core and the screen at every step. */
export async function playPath(page: Page, path: SeedPath, device: Device, opts: PathOptions = {}): Promise<void> {
  await openDemo(page, path.seed, opts.query);
  let s = await state(page);
  expect(s).toMatchObject({ screen: 'title', demo: true, seed: path.seed, balanceCents: 2000 });
  await pressButton(page, 'buy', device);
  s = await state(page);
  expect(s.screen).toBe('ticket');
  expect(s.balanceCents).toBe(1800);
  expect(s.game).toMatchObject({ phase: 'scratch', amounts: null, draws: 'seeded' });
  if (opts.scratchKey) {
    await page.keyboard.press(opts.scratchKey);
    await settle(page);
  } else {
    await pressButton(page, 'scratchAll', device);
  }
  s = await state(page);
  expect(s.game).toMatchObject({ phase: 'round', amounts: { a1Cents: path.a1Cents, a2Cents: path.a2Cents } });

  for (let step = 0; step < 40; step++) {
    const g = (await state(page)).game!;
    if (g.phase === 'ended') break;
    if (g.phase === 'haystack') {
      expect(path.haystack, 'a haystack is offered only on a path that has one').not.toBeNull();
      expect((await layout(page)).haystacks).toHaveLength(5);
      await chooseHaystack(page, path.haystack!, device);
      await settle(page);
      const after = (await state(page)).game!;
      expect(after.haystack.chosen).toBe(path.haystack);
      expect(after.extraWon).toBe(path.elements.length === 2);
      expect(after.haystack.extraAt === path.haystack).toBe(after.extraWon);
      continue;
    }
    const round = g.round!;
    const expected = path.elements[round.round - 1]!;
    const k = round.picks.length;
    const hen = nextHen(round.hens);
    await pickHen(page, hen, device, { space: opts.space === true && k % 2 === 1 });
    await settle(page);
    await opts.afterPick?.(page);
    const after = (await state(page)).game!;
    const r = after.rounds[round.round - 1]!;
    expect(r.picks).toHaveLength(k + 1);
    expect(r.picks[k]).toEqual({ hen, element: expected[k] });
    expect(r.picksLeft).toBe(round.picksLeft - 1 + (expected[k] === 'chick' ? 1 : 0));
    if (after.phase === 'round') {
      // Still in the round: every lifted hen's cell shows what the core drew there.
      const img: PNG = await canvasImage(page);
      expectCells(img, (await layout(page)).hens, r.hens, `round ${round.round} after pick ${k + 1}`);
    }
  }

  s = await state(page);
  const g = s.game!;
  expect(g.phase).toBe('ended');
  expect(g.rounds.map((r) => r.picks.map((p) => p.element))).toEqual(path.elements);
  expect(g.result).toEqual({ outcome: path.outcome, prize: path.prize, prizeCents: path.prizeCents });
  expect(s.screen).toBe('result');
  expect(s.balanceCents).toBe(1800 + path.prizeCents);
  expect(Object.keys((await layout(page)).buttons)).toContain('playAgain');
  // The result panel: a win shows the golden egg and the amount in gold; a loss shows neither.
  const panel = await resultPanelStats(page);
  if (path.outcome === 'won')
    expect(panel.gold, `gold on the win panel ${JSON.stringify(panel)}`).toBeGreaterThan(0.04);
  else expect(panel.gold, `gold on the loss panel ${JSON.stringify(panel)}`).toBeLessThan(0.01);
}

/** Colour shares over the middle of the result card (above its buttons), from the layout's panel rectangle. */
async function resultPanelStats(page: Page): Promise<CellStats> {
  const img = await canvasImage(page);
  const l = computeLayout(img.width, img.height);
  const p = l.panel;
  const r = {
    x: l.offsetX + (p.x + p.width * 0.2) * l.scale,
    y: l.offsetY + (p.y + p.height * 0.15) * l.scale,
    width: p.width * 0.6 * l.scale,
    height: p.height * 0.4 * l.scale,
  };
  return regionStats(img, r);
}
