/**
 * Where the load's time goes (a diagnostic, not a test): opens the built game cold in headless Chromium, with V8's
 * sampling profiler on, and prints each file fetched (start, end, bytes), the page's own performance marks, the
 * first paint and the first interactive frame, then the main thread's busiest functions and its idle share per
 * 250 ms slice.
 *
 *   npx tsx tools/trace-load.ts --url http://127.0.0.1:4850/ [--width 1280 --height 720]
 */
import { launchBenchBrowser } from './bench-browser';
import { integerFlag, parseFlags, stringFlag } from './cli-args';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    url: { takesValue: true },
    width: { takesValue: true },
    height: { takesValue: true },
  });
  const url = stringFlag(flags, 'url') ?? 'http://127.0.0.1:4850/';
  const width = integerFlag(flags, 'width', 100, 8000) ?? 1280;
  const height = integerFlag(flags, 'height', 100, 8000) ?? 720;
  const browser = await launchBenchBrowser();
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && logs.push(`HTTP ${r.status()} ${r.url()}`));
  await page.addInitScript(`(() => {
    window.__first = null;
    const loop = (t) => {
      if (window.__first === null && window.__poule && window.__poule.ready && window.__poule.isIdle()) window.__first = t;
      else requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  })();`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __first: number | null }).__first !== null, undefined, {
    timeout: 120_000,
  });
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const info = await page.evaluate(() => ({
    first: (window as unknown as { __first: number }).__first,
    paints: performance.getEntriesByType('paint').map((e) => [e.name, e.startTime] as const),
    marks: performance.getEntriesByType('mark').map((e) => [e.name, e.startTime] as const),
    res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      name: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
      bytes: e.encodedBodySize,
    })),
    nav: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).toJSON() as Record<
      string,
      number
    >,
  }));
  console.log(
    `first interactive ${info.first.toFixed(0)} ms; paints ${info.paints.map(([n, t]) => `${n} ${t.toFixed(0)}`).join(', ')}`,
  );
  console.log(
    `html responseEnd ${info.nav['responseEnd']?.toFixed(0)} domContentLoaded ${info.nav['domContentLoadedEventEnd']?.toFixed(0)}`,
  );
  for (const [n, t] of info.marks) console.log(`  mark ${t.toFixed(0).padStart(6)} ${n}`);
  let total = 0;
  for (const r of info.res) {
    total += r.bytes;
    console.log(
      `  ${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${(r.bytes / 1024).toFixed(1).padStart(7)} KiB  ${r.name}`,
    );
  }
  console.log(`  total ${(total / 1024).toFixed(1)} KiB (encoded bodies; preview serves them without compression)`);
  for (const l of logs) console.log(`  console ${l}`);

  // Self time per function, and busy share per 250 ms slice (idle = '(idle)' and '(program)' samples).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const slices = new Map<number, { busy: number; all: number }>();
  let t = profile.startTime;
  const navStartUs = profile.startTime; // close enough: the profiler starts just before goto
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    const n = byId.get(id)!;
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const slice = Math.floor((t - navStartUs) / 250_000);
    const s = slices.get(slice) ?? { busy: 0, all: 0 };
    s.all += dt;
    if (f.functionName !== '(idle)') s.busy += dt;
    slices.set(slice, s);
  });
  console.log('\nbusiest functions (self ms):');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(v / 1000).toFixed(0).padStart(6)}  ${k}`);
  console.log('\nmain thread busy per 250 ms slice (from the profiler start):');
  console.log(
    `  ${[...slices]
      .sort((a, b) => a[0] - b[0])
      .map(([k, s]) => `${k * 250}:${Math.round((100 * s.busy) / Math.max(1, s.all))}%`)
      .join(' ')}`,
  );
  await browser.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
