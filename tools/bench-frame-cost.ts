/**
 * What a frame costs the machine, not how long it took (a diagnostic, not a test). Wall-clock frame times on a shared
 * machine measure its load; the CPU time the browser's GPU process spends per frame (SwiftShader draws every pixel
 * there) moves far less with it. Opens the floor page (tools/bench-floor.ts) and the built game at one size, and
 * prints frames, wall median / p95 and the GPU and renderer processes' CPU time per frame for: the floor, the title,
 * a round waiting for a pick, the last pick of a demo seed (the reveal of a lost round, or a win and 2 s of its
 * party), and the screen after it. `--hide` then hides each listed container of the stage in turn (paths of child
 * indexes, `s.1.0.0.5`; `--tree` prints them) and measures again: which part of the scene costs what.
 *
 *   npx tsx tools/bench-frame-cost.ts --url http://127.0.0.1:PORT/ [--size 1280x720] [--path lostNoExtra|firstPickWin]
 *     [--tree] [--hide s.0,s.1.0.0.5] [--hide-in round|after] [--eval 'JS run in the page, then measured again']
 *     [--slices 500] (the GPU time a frame in slices of 500 ms along each stretch: which moment costs what)
 *     [--frames] (each frame of the win or the reveal: when, its wall time, what was painted; then its slowest 5 %)
 *     [--throttle 4] (the page's CPU slowed down this many times, as bench:render's 4× runs)
 *     [--profile 25] (V8's sampling profile of the page during the win or the reveal: the 25 functions with the most
 *     time of their own; build with `--minify false` for readable names)
 *
 * Linux only (it reads /proc); the browser's processes are found as children of this one.
 */
import type { Browser, Page } from '@playwright/test';
import { clickButton, clickRect, settle } from '../e2e/support/poule';
import { nextHen, SEEDS } from '../e2e/support/seeds';
import { launchBenchBrowser } from './bench-browser';
import { FLOOR_HTML, FLOOR_PATH } from './bench-floor';
import { browserCpu } from './browser-cpu';
import { integerFlag, parseFlags, stringFlag, UsageError } from './cli-args';

/**
 * Frame times from a rAF loop, Pixi's application (its devtools hook) for `--hide`, and what each frame painted on
 * the canvas (the game redraws only what changed, src/scene/damage-painter.ts): frames drawn whole, drawn in part
 * (scissored passes) or not drawn, and the pixels drawn.
 */
const PROBE = `globalThis.__PIXI_APP_INIT__ = (app) => {
  window.__benchApp = app;
  const r = app.renderer, gl = r.gl, p = window.__paint;
  if (!gl) return;
  let box = [0, 0, 0, 0];
  const scissor = gl.scissor.bind(gl);
  gl.scissor = (x, y, w, h) => { box = [x, y, w, h]; scissor(x, y, w, h); };
  const render = r.render.bind(r);
  r.render = (o) => {
    if (!o.target || o.target === r.view.renderTarget) {
      p.drawn = true;
      if (gl.isEnabled(gl.SCISSOR_TEST)) { p.passes++; p.px += box[2] * box[3]; p.frame.passes++; p.frame.px += box[2] * box[3]; p.frame.boxes.push(box.join(',')); }
      else { p.whole++; p.px += gl.drawingBufferWidth * gl.drawingBufferHeight; p.frame.whole = true; }
      p.canvasPx = gl.drawingBufferWidth * gl.drawingBufferHeight;
    }
    else p.frame.into++;
    const out = render(o);
    p.frame.jsEnd = performance.now();
    return out;
  };
};
(() => { const w = window; w.__f = []; w.__rec = false; let last = 0;
  w.__paint = { drawn: false, whole: 0, passes: 0, px: 0, canvasPx: 1, skipped: 0, frames: 0, log: [], t0: 0,
    frame: { whole: false, passes: 0, px: 0, into: 0, boxes: [], start: 0, jsEnd: 0 } };
  const loop = (t) => {
    const p = w.__paint;
    // This callback runs before the game's in each frame: the time since the last one is what the last frame's
    // painting (p.frame) cost.
    if (w.__rec && last) {
      w.__f.push(t - last); p.frames++; if (!p.drawn) p.skipped++;
      if (!p.t0) p.t0 = last;
      const f = p.frame;
      p.log.push([last - p.t0, t - last, f.whole ? 'W' : f.passes ? 'p' + f.passes : '-',
        f.whole ? 100 : Math.round((100 * f.px) / p.canvasPx), f.into, f.boxes.join(' '),
        f.jsEnd ? f.jsEnd - f.start : 0]);
    }
    p.frame = { whole: false, passes: 0, px: 0, into: 0, boxes: [], start: performance.now(), jsEnd: 0 };
    p.drawn = false; last = t; requestAnimationFrame(loop); };
  requestAnimationFrame(loop); })();`;
const PAINT_RESET =
  'Object.assign(window.__paint, { whole: 0, passes: 0, px: 0, skipped: 0, frames: 0, log: [], t0: 0 }); window.__f = []; window.__rec = true;';
/** `--frames`: also print each frame of the win or the reveal. */
let frameLog = false;

/**
 * One frame: ms from the stretch's start, its wall time, what was painted (W whole, pN passes, - nothing), % of the
 * canvas, renders into textures, the scissor boxes, and the main thread's time in the frame until its last render
 * ended (the game's tick: tweens, the painter, Pixi's passes).
 */
type FrameLine = [number, number, string, number, number, string, number];

function printFrames(log: readonly FrameLine[]): void {
  const cell = ([at, dt, kind, pct, into, , js]: FrameLine): string =>
    `${(at / 1000).toFixed(2)}s ${dt.toFixed(0)}ms ${kind}${kind === '-' ? '' : ` ${pct}%`}${into ? ` +${into}tex` : ''}` +
    (js >= 8 ? ` js${js.toFixed(0)}` : '');
  for (let i = 0; i < log.length; i += 6)
    console.log(
      `    ${log
        .slice(i, i + 6)
        .map(cell)
        .join(' | ')}`,
    );
  const slow = [...log].sort((a, b) => b[1] - a[1]).slice(0, Math.max(1, Math.ceil(log.length * 0.05)));
  console.log(`  slowest 5 % (${slow.length} of ${log.length}): ${slow.map(cell).join(' | ')}`);
  // Where the largest frames drawn in part were redrawn (scissor boxes x,y,w,h in canvas pixels, y from the bottom).
  for (const f of log.filter((x) => x[2] !== 'W' && x[3] > 20).slice(0, 8))
    console.log(`    ${(f[0] / 1000).toFixed(2)}s ${f[3]}%: ${f[5]}`);
  const kinds = new Map<string, { n: number; ms: number }>();
  for (const [, dt, kind, pct] of log) {
    const k =
      kind === 'W'
        ? 'whole'
        : kind === '-'
          ? 'not drawn'
          : pct > 50
            ? 'part >50%'
            : pct > 20
              ? 'part 20-50%'
              : 'part <=20%';
    const e = kinds.get(k) ?? { n: 0, ms: 0 };
    e.n++;
    e.ms += dt;
    kinds.set(k, e);
  }
  console.log(
    `  by kind: ${[...kinds].map(([k, e]) => `${k} ${e.n} frames, mean ${(e.ms / e.n).toFixed(1)} ms`).join('; ')}`,
  );
}
/** `--slices`: also print the GPU time a frame in slices of this many ms along each measured stretch. */
let sliceMs = 0;

async function measure(page: Page, label: string, work: () => Promise<unknown>): Promise<void> {
  await page.evaluate(PAINT_RESET);
  const a = browserCpu();
  const slices: string[] = [];
  let last = { cpu: a.gpu, frames: 0, at: performance.now() };
  let sampling = false;
  const sample = async (): Promise<void> => {
    if (sampling) return;
    sampling = true;
    try {
      const frames = (await page.evaluate('window.__f.length')) as number;
      const cpu = browserCpu().gpu;
      const at = performance.now();
      const n = frames - last.frames;
      slices.push(`${((at - last.at) / 1000).toFixed(1)}s:${n}f/${n ? ((cpu - last.cpu) / n).toFixed(0) : '-'}`);
      last = { cpu, frames, at };
    } catch {
      // the page went on meanwhile: this slice is skipped
    } finally {
      sampling = false;
    }
  };
  const timer = sliceMs ? setInterval(() => void sample(), sliceMs) : null;
  await work();
  if (timer) clearInterval(timer);
  const b = browserCpu();
  const f = (await page.evaluate('window.__rec = false; window.__f')) as number[];
  const n = f.length;
  f.sort((x, y) => x - y);
  const per = (ms: number): string => (n ? (ms / n).toFixed(1) : 'n/a');
  console.log(
    `${label.padEnd(16)} frames ${String(n).padStart(3)}  wall median ${f[n >> 1]?.toFixed(0) ?? '-'} ms, p95 ` +
      `${f[Math.floor(n * 0.95)]?.toFixed(0) ?? '-'} ms  CPU a frame: GPU process ${per(b.gpu - a.gpu)} ms, ` +
      `renderer ${per(b.renderer - a.renderer)} ms`,
  );
  const p = (await page.evaluate('window.__paint')) as {
    whole: number;
    passes: number;
    px: number;
    canvasPx: number;
    skipped: number;
    frames: number;
  };
  if (p.frames && (p.passes || p.whole))
    console.log(
      `  painted: ${p.whole} frames whole, ${p.passes} scissored passes, ${p.skipped} of ${p.frames} frames not drawn; ` +
        `${((100 * p.px) / p.canvasPx / p.frames).toFixed(0)} % of the canvas drawn a frame`,
    );
  if (slices.length) console.log(`  slices (duration:frames/GPU ms a frame) ${slices.join(' ')}`);
  if (frameLog && (label === 'win' || label === 'reveal'))
    printFrames((await page.evaluate('window.__paint.log')) as FrameLine[]);
}

interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/** The functions with the most time of their own in a V8 profile, with their share of the samples. */
function printProfile(profile: CpuProfile, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const f = byId.get(id);
    const dt = deltas[i] ?? 0;
    total += dt;
    if (!f) return;
    const where = f.url ? `${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(`  profile: ${(total / 1000).toFixed(0)} ms sampled; most time of their own:`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(5)} ms  ${k}`);
}

/** The stage's containers, as paths of child indexes, down to `depth`. */
const TREE = (depth: number): string => `(() => {
  const out = [];
  const walk = (c, path, d) => {
    if (!c.visible || d > ${depth}) return;
    const t = c.texture && c.texture.source ? ' texture ' + c.texture.source.pixelWidth + 'x' + c.texture.source.pixelHeight : '';
    out.push(path + ' ' + c.constructor.name + ' children ' + c.children.length + t);
    c.children.forEach((k, i) => walk(k, path + '.' + i, d + 1));
  };
  walk(window.__benchApp.stage, 's', 0);
  return out.join('\\n');
})()`;
const SHOW = (path: string, on: boolean): string =>
  `(() => { let c = window.__benchApp.stage; for (const i of ${JSON.stringify(path.split('.').slice(1))}) c = c.children[+i]; c.visible = ${on}; })()`;

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    url: { takesValue: true },
    size: { takesValue: true },
    path: { takesValue: true },
    hide: { takesValue: true },
    tree: { takesValue: false },
    'hide-in': { takesValue: true },
    throttle: { takesValue: true },
    profile: { takesValue: true },
    eval: { takesValue: true },
    slices: { takesValue: true },
    frames: { takesValue: false },
  });
  frameLog = flags.has('frames');
  sliceMs = Number(stringFlag(flags, 'slices') ?? 0);
  if (!Number.isFinite(sliceMs) || sliceMs < 0) throw new UsageError('--slices: milliseconds, for example 500');
  const base = stringFlag(flags, 'url') ?? 'http://127.0.0.1:4480/';
  const size = /^(\d+)x(\d+)$/.exec(stringFlag(flags, 'size') ?? '1280x720');
  if (!size) throw new UsageError('--size: WIDTHxHEIGHT, for example 1280x720');
  const pathName = stringFlag(flags, 'path') ?? 'lostNoExtra';
  if (pathName !== 'lostNoExtra' && pathName !== 'firstPickWin')
    throw new UsageError('--path: lostNoExtra (a lost round) or firstPickWin');
  const hide = (stringFlag(flags, 'hide') ?? '').split(',').filter(Boolean);
  for (const h of hide) if (!/^s(\.\d+)*$/.test(h)) throw new UsageError(`--hide: "${h}" is not a path like s.1.0`);
  const hideIn = stringFlag(flags, 'hide-in') ?? 'after';
  if (hideIn !== 'round' && hideIn !== 'after') throw new UsageError('--hide-in: round (a round waiting) or after');
  const script = stringFlag(flags, 'eval');
  const throttle = integerFlag(flags, 'throttle', 1, 20) ?? 1;
  const profileTop = integerFlag(flags, 'profile', 1) ?? 0;
  const browser: Browser = await launchBenchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: Number(size[1]), height: Number(size[2]) },
      deviceScaleFactor: 1,
    });
    await context.route(`**/${FLOOR_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FLOOR_HTML }),
    );
    const floor = await context.newPage();
    await floor.addInitScript(PROBE);
    await floor.goto(`${base}${FLOOR_PATH}`);
    await floor.waitForTimeout(500);
    await measure(floor, 'floor', () => floor.waitForTimeout(3000));
    await floor.close();

    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const seed = SEEDS[pathName];
    await page.goto(`${base}?demo=1&seed=${seed.seed}&speed=1`);
    await page.waitForFunction(() => window.__poule?.ready && window.__poule.isIdle(), undefined, { timeout: 180_000 });
    await page.waitForTimeout(1000);
    await measure(page, 'title', () => page.waitForTimeout(3000));
    await clickButton(page, 'buy');
    await clickButton(page, 'scratchAll');
    await measure(page, 'round, waiting', () => page.waitForTimeout(3000));
    const probe = async (): Promise<void> => {
      if (flags.has('tree')) console.log(await page.evaluate(TREE(5)));
      for (const h of hide) {
        await page.evaluate(SHOW(h, false));
        await measure(page, `hidden ${h}`, () => page.waitForTimeout(3000));
        await page.evaluate(SHOW(h, true));
      }
      if (script) {
        const answer = await page.evaluate(script);
        if (answer !== undefined) console.log(`--eval answered: ${JSON.stringify(answer)}`);
        await measure(page, 'after --eval', () => page.waitForTimeout(3000));
      }
    };
    if (hideIn === 'round') await probe();
    const picks = seed.elements[0]!.length;
    for (let k = 0; k < picks; k++) {
      const hens = await page.evaluate(() => window.__poule!.state().game!.round!.hens);
      const r = (await page.evaluate(() => window.__poule!.layout().hens))[nextHen(hens)]!;
      if (k < picks - 1) {
        await clickRect(page, r);
        await settle(page);
        continue;
      }
      const won = pathName === 'firstPickWin';
      if (profileTop) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await measure(page, won ? 'win' : 'reveal', async () => {
        await clickRect(page, r);
        await settle(page);
        if (won) await page.waitForTimeout(2000);
      });
      if (profileTop) printProfile((await cdp.send('Profiler.stop')).profile, profileTop);
    }
    await measure(page, 'after it', () => page.waitForTimeout(3000));
    if (hideIn === 'after') await probe();
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof UsageError ? e.message : e);
  process.exit(1);
});
