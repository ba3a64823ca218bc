/**
 * Are frames drawn in part (src/scene/damage-painter.ts) the same as frames drawn whole? (a check, run by hand and by
 * e2e/damage-frames.spec.ts). In the built game, after each frame the painter drew, the page reads the canvas back,
 * draws the whole stage again over it, reads it again and counts the pixels that differ: any is a stale pixel (a
 * trail, something left where it was) or a missed change. It walks a demo seed's ticket through its reveal, its
 * result and its party, resizes the window midway, and goes home; prints the frames checked and the worst frame.
 *
 *   npx tsx tools/check-damage.ts --url http://127.0.0.1:PORT/ [--size 1280x720] [--path lostNoExtra|firstPickWin]
 *     [--every 1] (check one frame in N) [--out DIR] (PNGs of the worst frame, as painted and as drawn whole, and
 *     of the canvas as shown during the last pick's animations and after a resize; with a large --every, frames
 *     drawn in part only)
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { clickButton, clickRect, settle } from '../e2e/support/poule';
import { nextHen, SEEDS } from '../e2e/support/seeds';
import { launchBenchBrowser } from './bench-browser';
import { parseFlags, stringFlag, UsageError } from './cli-args';
import { DAMAGE_COUNTS, DAMAGE_PROBE, type DamageCounts, INSTALL_DAMAGE_CHECK } from './damage-probe';

async function stretch(page: Page, label: string, work: () => Promise<unknown>): Promise<void> {
  await page.evaluate(`window.__damage.label = ${JSON.stringify(label)}`);
  const before = (await page.evaluate('({ f: window.__damage.frames, b: window.__damage.bad })')) as {
    f: number;
    b: number;
  };
  await work();
  const after = (await page.evaluate('({ f: window.__damage.frames, b: window.__damage.bad })')) as {
    f: number;
    b: number;
  };
  console.log(
    `${label.padEnd(22)} frames checked ${after.f - before.f}, with stale or missing pixels ${after.b - before.b}`,
  );
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    url: { takesValue: true },
    size: { takesValue: true },
    path: { takesValue: true },
    every: { takesValue: true },
    out: { takesValue: true },
  });
  const base = stringFlag(flags, 'url') ?? 'http://127.0.0.1:4480/';
  const size = /^(\d+)x(\d+)$/.exec(stringFlag(flags, 'size') ?? '1280x720');
  if (!size) throw new UsageError('--size: WIDTHxHEIGHT, for example 1280x720');
  const pathName = stringFlag(flags, 'path') ?? 'firstPickWin';
  if (pathName !== 'lostNoExtra' && pathName !== 'firstPickWin')
    throw new UsageError('--path: lostNoExtra (a lost round) or firstPickWin');
  const every = Number(stringFlag(flags, 'every') ?? 1);
  if (!Number.isInteger(every) || every < 1) throw new UsageError('--every: a whole number of frames, 1 or more');
  const out = stringFlag(flags, 'out');

  const [w, h] = [Number(size[1]), Number(size[2])];
  const browser: Browser = await launchBenchBrowser();
  let failed = false;
  try {
    const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    let since = 0;
    /** With `--out`: the canvas as the browser shows it (`at`: ms after the first shot given a time). */
    const shot = async (name: string, at?: number): Promise<void> => {
      if (at !== undefined) {
        if (!since) since = Date.now();
        await page.waitForTimeout(Math.max(0, since + at - Date.now()));
      }
      if (out) await page.locator('canvas').screenshot({ path: `${out}/${pathName}-${w}x${h}-${name}.png` });
    };
    await page.addInitScript(DAMAGE_PROBE);
    const seed = SEEDS[pathName];
    await page.goto(`${base}?demo=1&seed=${seed.seed}&speed=1`);
    await page.waitForFunction(() => window.__poule?.ready && window.__poule.isIdle(), undefined, { timeout: 180_000 });
    await page.evaluate(INSTALL_DAMAGE_CHECK(every));
    await stretch(page, 'title', () => page.waitForTimeout(1500));
    await stretch(page, 'buy and scratch', async () => {
      await clickButton(page, 'buy');
      await clickButton(page, 'scratchAll');
      await page.waitForTimeout(1000);
    });
    const picks = seed.elements[0]!.length;
    await stretch(page, pathName === 'firstPickWin' ? 'win and party' : 'picks and reveal', async () => {
      for (let k = 0; k < picks; k++) {
        const hens = await page.evaluate(() => window.__poule!.state().game!.round!.hens);
        const r = (await page.evaluate(() => window.__poule!.layout().hens))[nextHen(hens)]!;
        await clickRect(page, r);
        if (k === picks - 1) for (const ms of [700, 1400, 2800]) await shot(`last-pick+${ms}ms`, ms);
        await settle(page);
      }
      await page.waitForTimeout(1500);
      await shot('after-the-round');
    });
    if (seed.haystack !== null)
      await stretch(page, 'haystack and result', async () => {
        const r = (await page.evaluate(() => window.__poule!.layout().haystacks))[seed.haystack!]!;
        await clickRect(page, r);
        await settle(page);
        await page.waitForTimeout(1000);
      });
    await stretch(page, 'resize', async () => {
      await page.setViewportSize({ width: Math.round(w * 0.8), height: Math.round(h * 0.9) });
      await page.waitForTimeout(1200);
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(1200);
      await shot('after-a-resize');
    });
    await stretch(page, 'see the ticket and back', async () => {
      await clickButton(page, 'seeTicket');
      await page.waitForTimeout(600);
      await clickButton(page, 'backToResult');
      await page.waitForTimeout(600);
    });
    await stretch(page, 'home', async () => {
      await clickButton(page, 'home');
      await page.waitForTimeout(1500);
    });
    const d = (await page.evaluate(DAMAGE_COUNTS)) as DamageCounts;
    console.log(
      `all: ${d.frames} frames checked, ${d.bad} with pixels that differ from a whole redraw` +
        (d.bad ? `; the worst: ${d.worst} pixels in [${d.box?.join(', ')}] during « ${d.label} »` : ''),
    );
    failed = d.bad > 0;
    if (out && d.bad) {
      for (const k of ['A', 'B'] as const) {
        const { W, H, px } = (await page.evaluate(
          `({ W: window.__damage.W, H: window.__damage.H, px: Array.from(window.__damage.${k}) })`,
        )) as { W: number; H: number; px: number[] };
        const png = new PNG({ width: W, height: H });
        for (let y = 0; y < H; y++)
          for (let x = 0; x < W; x++)
            for (let c = 0; c < 4; c++)
              png.data[(y * W + x) * 4 + c] = c === 3 ? 255 : px[((H - 1 - y) * W + x) * 4 + c]!;
        writeFileSync(`${out}/damage-${k === 'A' ? 'painted' : 'whole'}.png`, PNG.sync.write(png));
      }
      console.log(`the worst frame: ${out}/damage-painted.png, ${out}/damage-whole.png`);
    }
  } finally {
    await browser.close();
  }
  if (failed) process.exit(2);
}

main().catch((e: unknown) => {
  console.error(e instanceof UsageError ? e.message : e);
  process.exit(1);
});
