/**
 * Where a server's CPU time went, from a V8 .cpuprofile (node --cpu-prof): self time by place (the framework, the
 * database binding, the server's own code, the game's core, Node's HTTP and streams, the garbage collector) and the
 * functions that took most. Plain text for the bench's report.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileSummary {
  /** Whether only the samples inside the given window were counted (else the whole run, start-up included). */
  readonly windowed: boolean;
  readonly totalMs: number;
  readonly byPlace: readonly (readonly [string, number])[];
  readonly topFunctions: readonly (readonly [string, number])[];
}

/** The place a frame belongs to, by its file. */
export function placeOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 and native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `package ${pkg[1]}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[1] ?? url.slice(5)}`;
  const src = /\/src\/([^/]+)\/(.*)$/.exec(url);
  if (src) return src[1] === 'server' ? `src/server/${src[2]}` : `src/${src[1]}`;
  return url;
}

/**
 * `window`: monotonic microseconds (process.hrtime, the clock V8's profiler stamps its samples with on Linux); only
 * the samples inside it count, when it lies within the profile.
 */
export async function summarizeProfile(
  file: string,
  window: { from: number; to: number } | null,
  top = 15,
): Promise<ProfileSummary> {
  const p = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const windowed = window !== null && window.from >= p.startTime && window.from < p.endTime;
  let at = p.startTime;
  // Each sample's time is the delta that follows it (V8's own convention in DevTools).
  for (let i = 0; i < p.samples.length; i++) {
    at += p.timeDeltas[i] ?? 0;
    if (windowed && (at < window.from || at > window.to)) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    selfUs.set(p.samples[i]!, (selfUs.get(p.samples[i]!) ?? 0) + dt);
  }
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    const place = placeOf(url, functionName);
    if (place === 'idle') continue;
    total += us;
    places.set(place, (places.get(place) ?? 0) + us);
    const name =
      `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => [k, us / 1000] as const);
  return { windowed, totalMs: total / 1000, byPlace: sorted(places, 25), topFunctions: sorted(functions, top) };
}

export function formatProfile(s: ProfileSummary, commands: number): string {
  const pct = (ms: number): string => `${((100 * ms) / s.totalMs).toFixed(1).padStart(5)} %`;
  const per = (ms: number): string => `${((1000 * ms) / Math.max(1, commands)).toFixed(0).padStart(5)} µs/command`;
  return `${[
    `server CPU profile: ${s.totalMs.toFixed(0)} ms busy; per command: over the ${commands} durable requests measured` +
      (s.windowed ? ' (the measured window only)' : ' (the whole run: start-up and warm-up included)'),
    '  by place (self time):',
    ...s.byPlace.map(([k, ms]) => `    ${pct(ms)} ${per(ms)}  ${k}`),
    '  functions (self time):',
    ...s.topFunctions.map(([k, ms]) => `    ${pct(ms)}  ${k}`),
  ].join('\n')}\n`;
}
