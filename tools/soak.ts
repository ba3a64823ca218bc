/**
 * Soak benchmark of the attract loop: a kiosk runs for days, so nothing may grow without bound. Serves the
 * build with `vite preview` on its own port, opens `?mode=attract` in Chromium (the e2e config's browser), drives
 * time with Playwright's fake clock (each fake frame renders for real; `?speed=` shortens the loop's game time), and
 * prints at loop 1 and every `--every` loops: the JS heap after a forced GC, the display objects in the stage tree,
 * the GPU textures, the live tweens and buttons, the listeners on window/document/canvas, and the CPU cost of a frame.
 *
 *   npm run bench:soak                      (builds into dist-soak, then runs 200 loops)
 *   npx tsx tools/soak.ts --loops 50 --dir dist-soak
 *   npx tsx tools/soak.ts --loops 10 --every 2 --kinds --dir dist-soak --port 4391   (which kinds of texture came or went)
 *   … --classes: a heap snapshot at each sample, and the kinds of JS object whose number grew most since the last one
 *   … --snapshots DIR: also writes each sample's heap snapshot to DIR/loop-N.heapsnapshot (for DevTools' Memory tab)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { type CDPSession, chromium, type Page } from '@playwright/test';
import type { HookStats } from '../src/app/test-hook';
import { parseFlags, UsageError } from './cli-args';

const FLAGS = {
  loops: { takesValue: true },
  every: { takesValue: true },
  speed: { takesValue: true },
  port: { takesValue: true },
  dir: { takesValue: true },
  width: { takesValue: true },
  height: { takesValue: true },
  kinds: { takesValue: false },
  classes: { takesValue: false },
  snapshots: { takesValue: true },
} as const;

interface Sample {
  loop: number;
  heapMB: number;
  stats: HookStats;
  listeners: number;
  frameMs: number;
  loopSeconds: number | null;
  wallSeconds: number;
}

const FRAME_MS = 1000 / 60;

function browserPath(): string | undefined {
  // The same choice as playwright.config.ts: an override, Debian's Chromium, else Playwright's own browser.
  return process.env['PLAYWRIGHT_CHROMIUM'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

async function serve(dir: string, port: number): Promise<ChildProcess> {
  // A server already on the port (another run's) would answer in place of ours, with another build: refuse.
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new UsageError(`port ${port} is already served: choose another with --port`);
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--outDir', dir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode}): is port ${port} taken?`);
    try {
      if ((await fetch(url)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`vite preview did not answer on ${url}`);
}

async function listeners(cdp: CDPSession): Promise<number> {
  let n = 0;
  for (const expression of ['window', 'document', "document.querySelector('#game canvas')"]) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'soak' });
    if (!result.objectId) continue;
    const { listeners: l } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
    n += l.length;
  }
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'soak' });
  return n;
}

async function loopsDone(page: Page): Promise<{ loops: number; lastLoopSeconds: number | null }> {
  return page.evaluate(() => {
    const a = window.__poule!.state().attract;
    return { loops: a?.loops ?? 0, lastLoopSeconds: a?.lastLoopSeconds ?? null };
  });
}

async function sample(page: Page, cdp: CDPSession, loop: number, started: number): Promise<Sample> {
  // The CPU cost of a frame: 60 fake frames run back to back, timed on the wall clock.
  const t0 = performance.now();
  await page.clock.runFor(60 * FRAME_MS);
  const frameMs = (performance.now() - t0) / 60;
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const stats = await page.evaluate(() => window.__poule!.stats()!);
  return {
    loop,
    heapMB: heap.usedSize / 2 ** 20,
    stats,
    listeners: await listeners(cdp),
    frameMs,
    loopSeconds: (await loopsDone(page)).lastLoopSeconds,
    wallSeconds: (performance.now() - started) / 1000,
  };
}

/** The texture kinds whose count changed since the last sample, e.g. `+2 FillGradient HTMLCanvasElement 256x1`. */
function kindChanges(before: Sample | undefined, now: Sample): string {
  const was = before?.stats.textureKinds ?? {};
  const is = now.stats.textureKinds;
  const lines: string[] = [];
  for (const k of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const d = (is[k] ?? 0) - (was[k] ?? 0);
    if (d !== 0) lines.push(`        ${d > 0 ? '+' : ''}${d} ${k} (now ${is[k] ?? 0})\n`);
  }
  return lines.join('');
}

/** Counts the heap's objects by kind (`object:Text`, `closure:onResize`, `string`…) from a heap snapshot. */
async function heapCounts(cdp: CDPSession, saveTo: string | null): Promise<Map<string, number>> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }): void => {
    chunks.push(e.chunk);
  };
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const text = chunks.join('');
  if (saveTo) writeFileSync(saveTo, text);
  const snap = JSON.parse(text) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni] = [fields.indexOf('type'), fields.indexOf('name')];
  const counts = new Map<string, number>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + ti]!]!;
    if (type === 'hidden' || type === 'code' || type === 'synthetic') continue;
    const key = type === 'object' || type === 'closure' ? `${type}:${snap.strings[snap.nodes[i + ni]!]}` : type;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function classChanges(before: Map<string, number> | null, now: Map<string, number>): string {
  if (!before) return '';
  return [...now]
    .map(([k, n]) => [k, n - (before.get(k) ?? 0)] as const)
    .filter(([, d]) => d !== 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, d]) => `        ${d > 0 ? '+' : ''}${d} ${k} (now ${now.get(k)})\n`)
    .join('');
}

/** The heap's growth per loop after the warm-up (loop 1 fills caches and JIT code): from the second sample on. */
function heapRate(samples: readonly Sample[]): string {
  const from = samples[1];
  const to = samples[samples.length - 1]!;
  if (!from || to.loop <= from.loop) return 'too few samples for a rate';
  const kb = ((to.heapMB - from.heapMB) * 1024) / (to.loop - from.loop);
  return `${kb >= 0 ? '+' : ''}${kb.toFixed(1)} KB a loop from loop ${from.loop} to ${to.loop}`;
}

function row(s: Sample): string {
  const st = s.stats;
  const cells = [
    String(s.loop).padStart(5),
    s.heapMB.toFixed(2).padStart(8),
    String(st.displayObjects).padStart(7),
    String(st.gpuTextures).padStart(8),
    String(st.tweens).padStart(6),
    String(st.buttons).padStart(7),
    String(s.listeners).padStart(9),
    s.frameMs.toFixed(1).padStart(8),
    (s.loopSeconds?.toFixed(1) ?? '-').padStart(7),
    s.wallSeconds.toFixed(0).padStart(6),
  ];
  return cells.join(' ');
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2), FLAGS);
  const num = (name: string, d: number): number => {
    const v = f.get(name);
    const n = typeof v === 'string' ? Number(v) : d;
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number`);
    return n;
  };
  const loops = num('loops', 200);
  const every = num('every', 25);
  const speed = num('speed', 50);
  const port = num('port', 4479);
  const dir = typeof f.get('dir') === 'string' ? String(f.get('dir')) : 'dist';
  if (!existsSync(`${dir}/index.html`)) throw new UsageError(`no build in ${dir}/ (npm run bench:soak builds one)`);

  const server = await serve(dir, port);
  // Stopped by a signal (a long run cut short), the preview server goes too, not only on a normal end.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      if (server.pid) process.kill(-server.pid);
      process.exit(130);
    });
  }
  const exec = browserPath();
  const browser = await chromium.launch({
    ...(exec ? { executablePath: exec } : {}),
    args: [
      '--use-angle=swiftshader',
      '--ignore-gpu-blocklist',
      '--autoplay-policy=no-user-gesture-required',
      '--enable-precise-memory-info',
    ],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: num('width', 640), height: num('height', 360) },
      deviceScaleFactor: 1,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await page.context().newCDPSession(page);
    await page.clock.install();
    await page.goto(`http://127.0.0.1:${port}/?mode=attract&speed=${speed}`);
    await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 120_000 });
    await page.clock.pauseAt(Date.now() + 1000);
    const started = performance.now();
    process.stdout.write(
      `soak: ${loops} loops of the attract loop at speed ${speed}, ${num('width', 640)}×${num('height', 360)}, fake clock\n`,
    );
    process.stdout.write(' loop  heap MB objects textures tweens buttons listeners frame ms loop s  wall s\n');
    const samples: Sample[] = [];
    let next = 1;
    let seen = 0;
    let stalled = 0;
    let heapBefore: Map<string, number> | null = null;
    while (next <= loops) {
      await page.clock.runFor(20 * FRAME_MS);
      const { loops: done } = await loopsDone(page);
      // A loop that stops coming round (an error in it) must not hang the benchmark: 10 fake minutes at most.
      stalled = done > seen ? 0 : stalled + 20 * FRAME_MS;
      seen = done;
      if (stalled > 600_000) throw new Error(`the loop stopped coming round after loop ${done}`);
      if (done >= next) {
        const s = await sample(page, cdp, done, started);
        const before = samples[samples.length - 1];
        samples.push(s);
        process.stdout.write(`${row(s)}\n`);
        if (f.get('kinds') === true) process.stdout.write(kindChanges(before, s));
        const snapDir = typeof f.get('snapshots') === 'string' ? String(f.get('snapshots')) : null;
        if (f.get('classes') === true || snapDir) {
          const counts = await heapCounts(cdp, snapDir ? `${snapDir}/loop-${s.loop}.heapsnapshot` : null);
          process.stdout.write(classChanges(heapBefore, counts));
          heapBefore = counts;
        }
        // Loop 1, then every `every` loops (every loop when --every 1).
        next = next === 1 && every > 1 ? every : next + every;
        if (next > loops && done < loops) next = loops;
      }
      if (errors.length > 0) throw new Error(`page error: ${errors[0]}`);
    }
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    const grew = (a: number, b: number, slack: number): string => (b > a * (1 + slack) + 2 ? 'GREW' : 'flat');
    process.stdout.write(
      [
        `start (loop ${first.loop}) → end (loop ${last.loop}):`,
        `  heap ${first.heapMB.toFixed(2)} → ${last.heapMB.toFixed(2)} MB (${grew(first.heapMB, last.heapMB, 0.1)}); ${heapRate(samples)}`,
        `  display objects ${first.stats.displayObjects} → ${last.stats.displayObjects} (${grew(first.stats.displayObjects, last.stats.displayObjects, 0.05)})`,
        `  GPU textures ${first.stats.gpuTextures} → ${last.stats.gpuTextures} (${grew(first.stats.gpuTextures, last.stats.gpuTextures, 0.05)})`,
        `  tweens ${first.stats.tweens} → ${last.stats.tweens}, buttons ${first.stats.buttons} → ${last.stats.buttons}, listeners ${first.listeners} → ${last.listeners}`,
        `  frame ${first.frameMs.toFixed(1)} → ${last.frameMs.toFixed(1)} ms of CPU per frame (wall clock, machine load included)`,
        `  loop length ${first.loopSeconds?.toFixed(1)} → ${last.loopSeconds?.toFixed(1)} s of game time`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    if (server.pid && server.exitCode === null) process.kill(-server.pid);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`soak: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
