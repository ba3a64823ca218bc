/**
 * Rendering benchmark (a benchmark, not a test): loads the BUILT game (`npm run build` first; this builds nothing) from
 * `vite preview` on its own port, in headless Chromium with the same browser and flags as playwright.config.ts, and
 * prints:
 *   - the title usable (navigation start → the first animation frame after the game marked `poule:title`: the title
 *     is on stage and takes input; a tap before the screens behind it are built waits for them), and the game fully
 *     booted (the first frame where `__poule` is ready and idle: everything behind the title built),
 *   - frame times (median, 95th percentile, worst) during the busiest moments — the end-of-round reveal of 30 hens and
 *     the win celebration — at normal speed (speed=1), without and with 4× CPU throttling (CDP),
 *   - the gzip sizes of the shipped JS — all of it, and the part the page loads by its first interactive frame (the
 *     rest are lazy chunks) — and of the other assets in dist/,
 * with the machine's load, medians over a few runs, and the targets beside the figures.
 *
 *   npm run bench:render [-- --runs 3 --dist dist --port 4480]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { clickButton, clickRect, settle } from '../e2e/support/poule';
import { nextHen, SEEDS } from '../e2e/support/seeds';
import { BENCH_CHROMIUM, launchBenchBrowser } from './bench-browser';
import { FLOOR_HTML, FLOOR_PATH } from './bench-floor';
import { integerFlag, parseFlags, stringFlag, UsageError } from './cli-args';

/**
 * The targets: the title usable and the first non-blank frame (1280×720, cold cache), the bytes on the wire and the JS
 * until usable, and every frame figure within `frameRatio` times the floor's (the same figure of one blended
 * full-screen quad at the same canvas size, measured in the same run).
 */
export const TARGETS = { titleUsableMs: 1000, firstFrameMs: 600, wireKiB: 350, jsKiB: 180, frameRatio: 1.3 } as const;

export interface Viewport {
  readonly width: number;
  readonly height: number;
}
export const VIEWPORTS: readonly Viewport[] = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
];

/** `1280x720,1080x1920` → viewports; a clear error for anything else. */
export function parseViewports(text: string): Viewport[] {
  return text.split(',').map((part) => {
    const m = /^(\d{2,5})x(\d{2,5})$/.exec(part.trim());
    if (!m) throw new UsageError(`--sizes: "${part}" is not WIDTHxHEIGHT (for example 1280x720)`);
    return { width: Number(m[1]), height: Number(m[2]) };
  });
}

/** The game's figure over the floor's: how many times the floor a frame costs. */
export const ratio = (game: number, floor: number): number => (floor > 0 ? game / floor : NaN);

export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Nearest-rank percentile. */
export const percentile = (xs: readonly number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

export interface FrameStats {
  readonly frames: number;
  readonly median: number;
  readonly p95: number;
  readonly worst: number;
  /** Share of frames over 16.7 ms. */
  readonly over16: number;
}

export const frameStats = (deltas: readonly number[]): FrameStats => ({
  frames: deltas.length,
  median: median(deltas),
  p95: percentile(deltas, 95),
  worst: deltas.length ? Math.max(...deltas) : NaN,
  over16: deltas.length ? deltas.filter((d) => d > 1000 / 60).length / deltas.length : NaN,
});

/**
 * In the page from its first script: a rAF loop that notes the first frame where the game is ready and idle, and the
 * time between frames while `__benchRecording` is on. Reads only the read-only test hook.
 */
const PAGE_PROBE = `
(() => {
  const w = window;
  w.__benchFrames = [];
  w.__benchRecording = false;
  w.__benchFirstInteractive = null;
  w.__benchFirstPaint = null;
  w.__benchReady = null;
  let last = 0;
  const loop = (t) => {
    // The first frame that is not blank: the one drawn after the game put its loading screen (name and bar) on stage.
    if (w.__benchFirstPaint === null && performance.getEntriesByName('poule:loading-shown').length) w.__benchFirstPaint = t;
    // The title takes input from the frame after it is put on stage (the game marks it then).
    if (w.__benchFirstInteractive === null && performance.getEntriesByName('poule:title').length) w.__benchFirstInteractive = t;
    if (w.__benchReady === null && w.__poule && w.__poule.ready && w.__poule.isIdle()) w.__benchReady = t;
    if (w.__benchRecording && last) w.__benchFrames.push(t - last);
    last = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})();
`;

interface RunResult {
  readonly firstInteractiveMs: number;
  /** The first frame where the whole game is built (the screens behind the title too) and idle. */
  readonly readyMs: number;
  /**
   * The first frame that is not blank: the page's first contentful paint (index.html shows the game's name and an
   * empty bar before any script runs), or the first frame of the game's own loading screen on its canvas (the game
   * marks `poule:loading-shown`), whichever comes first.
   */
  readonly firstPaintMs: number;
  /** The first frame of the game's own loading screen on its canvas. */
  readonly canvasLoadingMs: number;
  /** Bytes on the wire (transfer sizes, the page included) by the first interactive frame. */
  readonly wireBytes: number;
  /** Paths (under dist/) of the scripts the page loaded to reach the title. */
  readonly loadedJs: readonly string[];
  readonly reveal: readonly number[];
  readonly win: readonly number[];
}

async function record<T>(page: Page, work: () => Promise<T>): Promise<number[]> {
  await page.evaluate(() => {
    (window as unknown as { __benchFrames: number[] }).__benchFrames = [];
    (window as unknown as { __benchRecording: boolean }).__benchRecording = true;
  });
  await work();
  return page.evaluate(() => {
    const w = window as unknown as { __benchFrames: number[]; __benchRecording: boolean };
    w.__benchRecording = false;
    return w.__benchFrames;
  });
}

/** Opens a demo seed at normal speed with the CPU slowed `throttle` times; returns the page and its first frame. */
async function open(
  browser: Browser,
  base: string,
  seed: number,
  throttle: number,
  viewport: Viewport,
): Promise<{
  page: Page;
  firstInteractiveMs: number;
  readyMs: number;
  firstPaintMs: number;
  canvasLoadingMs: number;
  wireBytes: number;
  loadedJs: string[];
}> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript(PAGE_PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(`${base}?demo=1&seed=${seed}&speed=1`);
  await page.waitForFunction(
    () => (window as unknown as { __benchFirstInteractive: number | null }).__benchFirstInteractive !== null,
    undefined,
    {
      timeout: 180_000,
    },
  );
  const firstInteractiveMs = await page.evaluate(
    () => (window as unknown as { __benchFirstInteractive: number }).__benchFirstInteractive,
  );
  const loadedJs = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= (performance.getEntriesByName('poule:title')[0]?.startTime ?? Infinity))
      .map((e) => new URL(e.name).pathname.replace(/^\//, ''))
      .filter((p) => p.endsWith('.js')),
  );
  const wireBytes = await page.evaluate(() => {
    const until = (window as unknown as { __benchFirstInteractive: number }).__benchFirstInteractive;
    // What the game asked for once its title was up (the rest of the art, behind it) is not needed to be usable,
    // even when it lands before the next frame is measured.
    const titleUp = performance.getEntriesByName('poule:title')[0]?.startTime ?? until;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const needed = res.filter((e) => e.responseEnd <= until && e.startTime <= titleUp);
    return (nav?.transferSize ?? 0) + needed.reduce((sum, e) => sum + e.transferSize, 0);
  });
  const canvasLoadingMs = await page.evaluate(
    () => (window as unknown as { __benchFirstPaint: number | null }).__benchFirstPaint ?? Number.NaN,
  );
  const contentful = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  const firstPaintMs = Number.isNaN(contentful) ? canvasLoadingMs : Math.min(contentful, canvasLoadingMs);
  // The rounds are driven through the whole game's hook: wait for it (the screens behind the title built).
  await page.waitForFunction(
    () => (window as unknown as { __benchReady: number | null }).__benchReady !== null,
    undefined,
    {
      timeout: 180_000,
    },
  );
  const readyMs = await page.evaluate(() => (window as unknown as { __benchReady: number }).__benchReady);
  return { page, firstInteractiveMs, readyMs, firstPaintMs, canvasLoadingMs, wireBytes, loadedJs };
}

/** One run: the reveal of a lost round (seed lostNoExtra), then a first-pick win (seed firstPickWin). */
async function runOnce(browser: Browser, base: string, throttle: number, viewport: Viewport): Promise<RunResult> {
  const lost = SEEDS.lostNoExtra;
  const a = await open(browser, base, lost.seed, throttle, viewport);
  await clickButton(a.page, 'buy');
  await clickButton(a.page, 'scratchAll');
  let reveal: number[] = [];
  for (const element of lost.elements[0]!) {
    const hens = await a.page.evaluate(() => window.__poule!.state().game!.round!.hens);
    const r = (await a.page.evaluate(() => window.__poule!.layout().hens))[nextHen(hens)]!;
    const last = hens.filter((h) => h !== null).length === lost.elements[0]!.length - 1;
    if (!last) {
      await clickRect(a.page, r);
      await settle(a.page);
      continue;
    }
    // From the losing pick until the haystacks wait for a choice: the banner, 26 hens lifting, the egg marked.
    reveal = await record(a.page, async () => {
      await clickRect(a.page, r);
      await settle(a.page);
    });
    void element;
  }
  await a.page.context().close();

  const won = SEEDS.firstPickWin;
  const b = await open(browser, base, won.seed, throttle, viewport);
  await clickButton(b.page, 'buy');
  await clickButton(b.page, 'scratchAll');
  const hens = await b.page.evaluate(() => window.__poule!.state().game!.round!.hens);
  const r = (await b.page.evaluate(() => window.__poule!.layout().hens))[nextHen(hens)]!;
  // From the winning pick: the egg, the banner, the result panel counting up, and 2 s of the party that follows.
  const win = await record(b.page, async () => {
    await clickRect(b.page, r);
    await settle(b.page);
    await b.page.waitForTimeout(2000);
  });
  const outcome = await b.page.evaluate(() => window.__poule!.state().game!.result?.outcome);
  if (outcome !== 'won') throw new Error(`seed ${won.seed} should win at the first pick, got ${String(outcome)}`);
  await b.page.context().close();
  return {
    firstInteractiveMs: a.firstInteractiveMs,
    readyMs: a.readyMs,
    firstPaintMs: a.firstPaintMs,
    canvasLoadingMs: a.canvasLoadingMs,
    wireBytes: a.wireBytes,
    loadedJs: a.loadedJs,
    reveal,
    win,
  };
}

/** The floor: 3 s of frames of one blended full-screen quad, at the same size and throttling, same origin. */
async function floorFrames(browser: Browser, base: string, throttle: number, viewport: Viewport): Promise<number[]> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await context.route(`**/${FLOOR_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: FLOOR_HTML }),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(`${base}${FLOOR_PATH}`);
  await page.waitForTimeout(500);
  const frames = await record(page, () => page.waitForTimeout(3000));
  await context.close();
  return frames;
}

/** Gzip sizes (level 9) of dist/: the JS, and everything else the game loads (art, sounds, HTML, JSON). */
export function distSizes(dist: string): {
  jsRaw: number;
  jsGzip: number;
  assetsRaw: number;
  assetsGzip: number;
  biggestJs: [string, number][];
  /** Every JS file (path under dist/, gzip bytes), biggest first. */
  allJs: [string, number][];
} {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(dist);
  let jsRaw = 0;
  let jsGzip = 0;
  let assetsRaw = 0;
  let assetsGzip = 0;
  const js: [string, number][] = [];
  for (const f of files) {
    if (f.endsWith('.map')) continue;
    const bytes = readFileSync(f);
    const gz = gzipSync(bytes, { level: 9 }).length;
    if (f.endsWith('.js')) {
      jsRaw += bytes.length;
      jsGzip += gz;
      js.push([relative(dist, f), gz]);
    } else {
      assetsRaw += bytes.length;
      assetsGzip += gz;
    }
  }
  js.sort((x, y) => y[1] - x[1]);
  return { jsRaw, jsGzip, assetsRaw, assetsGzip, biggestJs: js.slice(0, 4), allJs: js };
}

/**
 * The JS needed for the first interactive frame (the files the page had loaded by then, each counted once) against
 * all the JS shipped: the rest are lazy chunks (for instance Pixi's canvas renderer, fetched only where WebGL is missing).
 */
export function startJs(
  allJs: readonly [string, number][],
  loaded: readonly string[],
): { gzip: number; files: number; lazy: [string, number][]; unknown: string[] } {
  const sizes = new Map(allJs);
  const seen = new Set(loaded);
  const unknown = [...seen].filter((f) => !sizes.has(f));
  const gzip = [...seen].reduce((sum, f) => sum + (sizes.get(f) ?? 0), 0);
  return { gzip, files: seen.size, lazy: allJs.filter(([f]) => !seen.has(f)), unknown };
}

function startPreview(dist: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--outDir', dist],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async (): Promise<void> => {
      if (child.exitCode !== null)
        return reject(new Error(`vite preview exited (${child.exitCode}); is port ${port} free?`));
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok) return resolve(child);
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error('vite preview did not start in 60 s'));
      setTimeout(() => void poll(), 250);
    };
    void poll();
  });
}

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number): string => `${n.toFixed(1)} ms`;
const load = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const mark = (ok: boolean): string => (ok ? 'meets' : 'MISSES');

async function main(argv: readonly string[]): Promise<void> {
  const flags = parseFlags(argv, {
    runs: { takesValue: true },
    dist: { takesValue: true },
    port: { takesValue: true },
    sizes: { takesValue: true },
    throttles: { takesValue: true },
  });
  const runs = integerFlag(flags, 'runs', 1, 20) ?? 3;
  const dist = stringFlag(flags, 'dist') ?? 'dist';
  const port = integerFlag(flags, 'port', 1024, 65535) ?? 4480;
  const viewports = parseViewports(
    stringFlag(flags, 'sizes') ?? VIEWPORTS.map((v) => `${v.width}x${v.height}`).join(','),
  );
  const throttles = (stringFlag(flags, 'throttles') ?? '1,4').split(',').map((t) => {
    const n = Number(t);
    if (!Number.isInteger(n) || n < 1 || n > 20)
      throw new UsageError(`--throttles: "${t}" is not a whole number from 1 to 20`);
    return n;
  });
  if (!existsSync(join(dist, 'index.html'))) throw new UsageError(`no ${dist}/index.html: run \`npm run build\` first`);

  console.log(
    `bench:render — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load (1/5/15 min) before: ${load()}`,
  );
  console.log(
    `browser: ${BENCH_CHROMIUM ?? "Playwright's own Chromium"}, WebGL through SwiftShader (software); medians of ${runs} runs`,
  );
  const s = distSizes(dist);
  console.log(`\nsizes of ${dist}/ (gzip -9):`);
  console.log(`  JS, all ${kib(s.jsGzip)} gzip (${kib(s.jsRaw)} raw) in ${s.allJs.length} files`);
  console.log(`          biggest: ${s.biggestJs.map(([f, n]) => `${f} ${kib(n)}`).join(', ')}`);
  console.log(
    `  assets  ${kib(s.assetsGzip)} gzip (${kib(s.assetsRaw)} raw): art (SVG sources and WebP), sounds, HTML, JSON`,
  );

  const server = await startPreview(dist, port);
  const browser = await launchBenchBrowser();
  const base = `http://127.0.0.1:${port}/`;
  const rows: string[] = [];
  try {
    for (const viewport of viewports) {
      const size = `${viewport.width}×${viewport.height}`;
      for (const throttle of throttles) {
        const results: RunResult[] = [];
        const floors: FrameStats[] = [];
        for (let r = 0; r < runs; r++) {
          // The floor and the game alternate, so both see the same moments of the machine's load.
          const floor = frameStats(await floorFrames(browser, base, throttle, viewport));
          floors.push(floor);
          const x = await runOnce(browser, base, throttle, viewport);
          results.push(x);
          const one = (d: readonly number[]): string => {
            const f = frameStats(d);
            return `${ms(f.median)} / ${ms(f.p95)} (${f.frames} frames)`;
          };
          console.log(
            `  (${size} ${throttle}× run ${r + 1}/${runs}: floor ${ms(floor.median)} / ${ms(floor.p95)}; usable ${ms(x.firstInteractiveMs)}, all built ${ms(x.readyMs)}, first paint ${ms(x.firstPaintMs)} (canvas ${ms(x.canvasLoadingMs)}), wire ${kib(x.wireBytes)}; reveal ${one(x.reveal)}; win ${one(x.win)}; load ${load()})`,
          );
        }
        const med = (xs: readonly FrameStats[], k: keyof FrameStats): number => median(xs.map((x) => x[k]));
        const floorMedian = med(floors, 'median');
        const floorP95 = med(floors, 'p95');
        console.log(`\n${size}, CPU ${throttle}× (medians of ${runs} runs; speed=1)`);
        console.log(`  floor (one blended full-screen quad)   median ${ms(floorMedian)}, p95 ${ms(floorP95)}`);
        if (throttle === 1 || viewport === viewports[0]) {
          const usable = median(results.map((x) => x.firstInteractiveMs));
          const built = median(results.map((x) => x.readyMs));
          const paint = median(results.map((x) => x.firstPaintMs));
          const canvasPaint = median(results.map((x) => x.canvasLoadingMs));
          const wire = median(results.map((x) => x.wireBytes));
          const start = startJs(s.allJs, results[0]!.loadedJs);
          if (start.unknown.length)
            throw new Error(`the page loaded JS that is not in ${dist}/: ${start.unknown.join(', ')}`);
          const info = throttle === 1 && viewport === viewports[0];
          const verdict = (ok: boolean): string => (info ? mark(ok) : '(info)');
          console.log(
            `  title usable       ${ms(usable)}   target < ${TARGETS.titleUsableMs} ms: ${verdict(usable < TARGETS.titleUsableMs)}`,
          );
          console.log(`  all built, idle    ${ms(built)}   (the screens behind the title: no target)`);
          console.log(
            `  first non-blank    ${ms(paint)}   target < ${TARGETS.firstFrameMs} ms: ${verdict(paint < TARGETS.firstFrameMs)}`,
          );
          console.log(
            `  loading on canvas  ${ms(canvasPaint)}   (the game's own loading screen's first frame: no target)`,
          );
          console.log(
            `  wire until usable  ${kib(wire)}   target < ${TARGETS.wireKiB} KiB: ${verdict(wire / 1024 < TARGETS.wireKiB)}`,
          );
          console.log(
            `  JS at start        ${kib(start.gzip)} gzip in ${start.files} files   target < ${TARGETS.jsKiB} KiB: ${verdict(start.gzip / 1024 < TARGETS.jsKiB)}`,
          );
          rows.push(
            `${size} ${throttle}×: usable ${ms(usable)} (all built ${ms(built)}), first non-blank ${ms(paint)} (canvas ${ms(canvasPaint)}), wire ${kib(wire)}, JS at start ${kib(start.gzip)}`,
          );
        }
        for (const [name, pick] of [
          ['end-of-round reveal', (x: RunResult) => x.reveal],
          ['win celebration    ', (x: RunResult) => x.win],
        ] as const) {
          const fs = results.map((x) => frameStats(pick(x)));
          const m = med(fs, 'median');
          const p = med(fs, 'p95');
          const rm = ratio(m, floorMedian);
          const rp = ratio(p, floorP95);
          const ok = rm <= TARGETS.frameRatio && rp <= TARGETS.frameRatio;
          const line = `  ${name}  median ${ms(m)} (${rm.toFixed(2)}× floor), p95 ${ms(p)} (${rp.toFixed(2)}× floor), worst ${ms(med(fs, 'worst'))}, ${med(fs, 'frames')} frames`;
          console.log(`${line}   ≤ ${TARGETS.frameRatio}× floor: ${mark(ok)}`);
          rows.push(
            `${size} ${throttle}× ${name.trim()}: ${ms(m)} / ${ms(p)} = ${rm.toFixed(2)}× / ${rp.toFixed(2)}× floor (${ms(floorMedian)} / ${ms(floorP95)})`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
  console.log(`\nsummary:\n${rows.map((r) => `  ${r}`).join('\n')}`);
  console.log(`\nload after: ${load()} — read the figures as ratios to the floor: both follow the machine's load.`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(e instanceof UsageError ? 2 : 1);
  });
}
