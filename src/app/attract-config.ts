/**
 * The attract loop's and the kiosk's settings, parsed in one pure place from a JSON file (marketing's copy of
 * assets/attract.json) and the URL, the URL winning. A bad value is named in a problem (shown on screen) and its
 * default is kept: a typo never stops a screen in a shop window.
 */
export type AttractScene = 'title' | 'howto' | 'demo' | 'prizes';

export const ATTRACT_SCENES: readonly AttractScene[] = ['title', 'howto', 'demo', 'prizes'];

export interface AttractConfig {
  /** The loop's language; null keeps the game's (the URL's `lang`, else French). */
  readonly lang: 'fr' | 'en' | null;
  /** The loop's target length in seconds: the still scenes share what the demo tickets leave. */
  readonly loopSeconds: number;
  /** The scenes of one loop, in order (a scene may come twice). */
  readonly scenes: readonly AttractScene[];
  /** The demo tickets' seeds; empty: found at start from `seedFrom` so that one loop shows every rule. */
  readonly seeds: readonly number[];
  /** Where the search for demo seeds starts. */
  readonly seedFrom: number;
  /** Sound effects of the demo tickets. */
  readonly sound: boolean;
  /** A line of marketing's own, under « Touch to play ». */
  readonly caption: string;
  /** Idle seconds on the title before the loop starts. */
  readonly idleSeconds: number;
  /** Idle seconds inside a ticket before the warning. */
  readonly ticketIdleSeconds: number;
  /** The warning's countdown, in seconds, before the ticket is set aside (kept) and the title comes back. */
  readonly warningSeconds: number;
}

export const DEFAULT_ATTRACT: AttractConfig = Object.freeze({
  lang: null,
  loopSeconds: 75,
  scenes: ATTRACT_SCENES,
  seeds: [],
  seedFrom: 1,
  sound: false,
  caption: '',
  idleSeconds: 45,
  ticketIdleSeconds: 60,
  warningSeconds: 15,
});

export interface AttractProblem {
  /** Where the value came from: the URL parameter's name or the JSON key (`attract.json: loop`). */
  readonly name: string;
  readonly value: string;
}

/** Each setting: its URL parameter and JSON key, and how a raw value is read (undefined: refused). */
type Reader<T> = (raw: unknown) => T | undefined;

const number =
  (min: number, max: number): Reader<number> =>
  (raw) => {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
  };

const bool: Reader<boolean> = (raw) => {
  if (raw === true || raw === 'true' || raw === '1' || raw === 'on' || raw === 1) return true;
  if (raw === false || raw === 'false' || raw === '0' || raw === 'off' || raw === 0) return false;
  return undefined;
};

/** null (JSON) keeps the game's language. */
const lang: Reader<'fr' | 'en' | null> = (raw) => (raw === 'fr' || raw === 'en' || raw === null ? raw : undefined);

const caption: Reader<string> = (raw) => (typeof raw === 'string' && raw.length <= 120 ? raw.trim() : undefined);

/** A list: an array (JSON) or a comma-separated string (URL); one bad item refuses the whole list. */
const list =
  <T>(item: Reader<T>, minLength: number): Reader<readonly T[]> =>
  (raw) => {
    if (!Array.isArray(raw) && typeof raw !== 'string') return undefined;
    const items: unknown[] = Array.isArray(raw) ? raw : raw.split(',').map((s) => s.trim());
    if (items.length < minLength || items.length > 24) return undefined;
    const out: T[] = [];
    for (const x of items) {
      const v = item(x);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return out;
  };

const scene: Reader<AttractScene> = (raw) =>
  (ATTRACT_SCENES as readonly unknown[]).includes(raw) ? (raw as AttractScene) : undefined;

/** A seed as the seeded source takes it: a whole number; kept under 2^52 so its bot's stream (seed + 2^32) is safe. */
const seed: Reader<number> = (raw) => {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 0 && n < 2 ** 52 ? n : undefined;
};

const SETTINGS = {
  lang: { url: 'lang', json: 'lang', read: lang },
  loopSeconds: { url: 'loop', json: 'loopSeconds', read: number(20, 3600) },
  scenes: { url: 'scenes', json: 'scenes', read: list(scene, 1) },
  seeds: { url: 'seeds', json: 'seeds', read: list(seed, 0) },
  seedFrom: { url: 'seedFrom', json: 'seedFrom', read: seed },
  sound: { url: 'sound', json: 'sound', read: bool },
  caption: { url: 'caption', json: 'caption', read: caption },
  idleSeconds: { url: 'idle', json: 'idleSeconds', read: number(1, 86_400) },
  ticketIdleSeconds: { url: 'ticketIdle', json: 'ticketIdleSeconds', read: number(1, 86_400) },
  warningSeconds: { url: 'warning', json: 'warningSeconds', read: number(1, 600) },
} as const satisfies { [K in keyof AttractConfig]: { url: string; json: string; read: Reader<AttractConfig[K]> } };

const show = (raw: unknown): string =>
  (typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? String(raw))).slice(0, 60);

/** The JSON file's URL asked for by `?attract=…`, if any: same origin only (a relative path), never a full URL. */
export function attractFileOf(search: string): { file: string | null; problem: AttractProblem | null } {
  const raw = new URLSearchParams(search).get('attract');
  if (raw === null) return { file: null, problem: null };
  if (/^[\w./-]+\.json$/.test(raw) && !raw.includes('..') && !raw.startsWith('/')) return { file: raw, problem: null };
  return { file: null, problem: { name: 'attract', value: raw } };
}

/**
 * The settings from `json` (the parsed file, or null when there is none) then the URL's `search`. Unknown JSON keys
 * are named too, so a misspelt key is not silently ignored.
 */
export function parseAttractConfig(
  search: string,
  json: unknown,
): { config: AttractConfig; problems: AttractProblem[] } {
  const q = new URLSearchParams(search);
  const problems: AttractProblem[] = [];
  const out: Record<string, unknown> = { ...DEFAULT_ATTRACT };
  const file: Record<string, unknown> | null =
    json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (json !== null && file === null) problems.push({ name: 'attract.json', value: show(json) });
  const known = new Set<string>(Object.values(SETTINGS).map((s) => s.json));
  if (file)
    for (const k of Object.keys(file))
      if (!known.has(k) && k !== '$comment') problems.push({ name: `attract.json: ${k}`, value: show(file[k]) });

  for (const [key, s] of Object.entries(SETTINGS) as [keyof AttractConfig, (typeof SETTINGS)[keyof AttractConfig]][]) {
    const reader = s.read as Reader<unknown>;
    if (file && s.json in file) {
      const v = reader(file[s.json]);
      if (v === undefined) problems.push({ name: `attract.json: ${s.json}`, value: show(file[s.json]) });
      else out[key] = v;
    }
    const raw = q.get(s.url);
    // `lang` is the game's own parameter: url-params.ts names its bad values already.
    if (raw !== null) {
      const v = reader(raw);
      if (v === undefined) {
        if (key !== 'lang') problems.push({ name: s.url, value: raw });
      } else out[key] = v;
    }
  }
  return { config: out as unknown as AttractConfig, problems };
}
