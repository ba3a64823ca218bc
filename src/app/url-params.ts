/**
 * Every URL parameter the game reads, parsed in one place. A bad value is named in a visible message and the default
 * is used; real play refuses a seed (SPEC: a real ticket never takes a seed from a URL).
 */
export type Mode = 'play' | 'demo' | 'attract' | 'kiosk';

export interface Params {
  readonly mode: Mode;
  readonly demo: boolean;
  /** The demo's seed; null outside demo mode. */
  readonly seed: number | null;
  /** Animation time scale (only timing, never a draw). */
  readonly speed: number;
  readonly lang: 'fr' | 'en' | null;
  /** Which renderer to ask for: 'auto' (WebGL, else canvas) or one forced (tests of the canvas fallback). */
  readonly renderer: 'auto' | 'webgl' | 'canvas';
  /** A kiosk's terminal key (`?terminal=KEY`), sent to the game server; null when none was given. */
  readonly terminal: string | null;
  /**
   * A printed ticket's code (`?code=CODE`, the address of its QR code), as given: real play only, checked with its
   * check character before any request; null when none was given.
   */
  readonly code: string | null;
  /** Problems to show on screen, as message keys with their values. */
  readonly problems: readonly ParamProblem[];
}

export type ParamProblem =
  | { readonly kind: 'bad'; readonly name: string; readonly value: string }
  | { readonly kind: 'seed-refused' };

const DEFAULT_DEMO_SEED = 1;
const MODES: readonly Mode[] = ['play', 'demo', 'attract', 'kiosk'];

export function parseParams(search: string): Params {
  const q = new URLSearchParams(search);
  const problems: ParamProblem[] = [];
  const bad = (name: string): void => void problems.push({ kind: 'bad', name, value: q.get(name) ?? '' });

  let mode: Mode = 'play';
  const rawMode = q.get('mode');
  if (rawMode !== null) {
    if ((MODES as readonly string[]).includes(rawMode)) mode = rawMode as Mode;
    else bad('mode');
  }
  const rawDemo = q.get('demo');
  if (rawDemo !== null) {
    if (rawDemo === '1' || rawDemo === 'true') mode = mode === 'play' ? 'demo' : mode;
    else if (rawDemo !== '0' && rawDemo !== 'false') bad('demo');
  }
  const seeded = mode !== 'play' && mode !== 'kiosk';

  let seed: number | null = null;
  const rawSeed = q.get('seed');
  if (seeded) {
    seed = DEFAULT_DEMO_SEED;
    if (rawSeed !== null) {
      // A seed 0 is a seed like any other: no truthiness test here.
      if (/^-?\d+$/.test(rawSeed) && Number.isSafeInteger(Number(rawSeed))) seed = Number(rawSeed);
      else bad('seed');
    }
  } else if (rawSeed !== null) {
    problems.push({ kind: 'seed-refused' });
  }

  let speed = 1;
  const rawSpeed = q.get('speed');
  if (rawSpeed !== null) {
    const n = Number(rawSpeed);
    if (rawSpeed.trim() !== '' && Number.isFinite(n) && n >= 0.1 && n <= 100) speed = n;
    else bad('speed');
  }

  let lang: 'fr' | 'en' | null = null;
  const rawLang = q.get('lang');
  if (rawLang !== null) {
    if (rawLang === 'fr' || rawLang === 'en') lang = rawLang;
    else bad('lang');
  }

  let renderer: Params['renderer'] = 'auto';
  const rawRenderer = q.get('renderer');
  if (rawRenderer !== null) {
    if (rawRenderer === 'webgl' || rawRenderer === 'canvas' || rawRenderer === 'auto') renderer = rawRenderer;
    else bad('renderer');
  }

  // Only a kiosk sells as a terminal; the key is the server's to judge (a wrong one is refused and said so).
  const rawTerminal = q.get('terminal');
  const terminal = rawTerminal !== null && rawTerminal.trim() !== '' && mode === 'kiosk' ? rawTerminal.trim() : null;

  // A printed ticket is a real ticket: the demo and the attract loop never take one (the title says so).
  const rawCode = q.get('code');
  let code: string | null = null;
  if (rawCode !== null && rawCode.trim() !== '') {
    if (mode === 'play' || mode === 'kiosk') code = rawCode.trim();
    else bad('code');
  }

  return { mode, demo: seeded, seed, speed, lang, renderer, terminal, code, problems };
}
