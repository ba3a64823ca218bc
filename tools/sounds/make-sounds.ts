/**
 * Makes the game's sounds: every sound is synthesised here from oscillators, seeded noise and envelopes (the script
 * is their source) into a WAV master, which is then compressed to Ogg Opus and MP3 in assets/sounds/. The masters
 * are not shipped; assets/sounds/masters.json keeps each master's SHA-256 and length, so a test can tell that the
 * committed files were made from this script as it stands.
 *   npm run sounds              rewrites assets/sounds/ (same bytes every run)
 *   npm run sounds -- --check   makes everything in a temporary folder and fails if a committed file differs
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chick, click, coin, egg, empty, extra, haystack, lift, lose, scratch, win } from './effects';
import { ENCODINGS, encode, missingEncoders } from './encode';
import { music } from './music';
import { encodeWav, normalise, SAMPLE_RATE } from './wav';

/** Every sound the game loads, by name (the files are NAME.ogg and NAME.mp3). */
export const SOUNDS: Readonly<Record<string, () => Float64Array>> = {
  lift,
  egg,
  chick,
  empty,
  haystack,
  extra,
  win,
  lose,
  click,
  scratch,
  coin,
  music,
};

export interface Master {
  readonly sha256: string;
  readonly samples: number;
  readonly sampleRate: number;
}

export type Masters = Readonly<Record<string, Master>>;

/** Renders every sound as a WAV master. */
export function renderMasters(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [name, make] of Object.entries(SOUNDS)) files.set(name, encodeWav(normalise(make())));
  return files;
}

export function describeMasters(masters: ReadonlyMap<string, Uint8Array>): Masters {
  const out: Record<string, Master> = {};
  for (const [name, wav] of masters) {
    out[name] = {
      sha256: createHash('sha256').update(wav).digest('hex'),
      samples: (wav.length - 44) / 2,
      sampleRate: SAMPLE_RATE,
    };
  }
  return out;
}

export const mastersJson = (m: Masters): string => `${JSON.stringify(m, null, 2)}\n`;

/** Writes the compressed sounds and masters.json into `dir`; returns the file names written. */
export function makeSounds(dir: string): string[] {
  const missing = missingEncoders();
  if (missing.length) throw new Error(`the sound encoders are missing: ${missing.join(', ')}`);
  const masters = renderMasters();
  const work = mkdtempSync(join(tmpdir(), 'poule-wav-'));
  const written: string[] = [];
  try {
    mkdirSync(dir, { recursive: true });
    for (const [name, wav] of masters) {
      const master = join(work, `${name}.wav`);
      writeFileSync(master, wav);
      for (const e of ENCODINGS) {
        encode(e, master, join(dir, `${name}.${e.ext}`));
        written.push(`${name}.${e.ext}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(join(dir, 'masters.json'), mastersJson(describeMasters(masters)));
  written.push('masters.json');
  return written;
}

function main(check: boolean): void {
  const committed = join(fileURLToPath(import.meta.url), '..', '..', '..', 'assets', 'sounds');
  if (!check) {
    const files = makeSounds(committed);
    console.log(`assets/sounds/: ${files.length} files`);
    return;
  }
  const fresh = mkdtempSync(join(tmpdir(), 'poule-sounds-'));
  try {
    const files = makeSounds(fresh);
    const differ = files.filter((f) => {
      const p = join(committed, f);
      return !existsSync(p) || !readFileSync(p).equals(readFileSync(join(fresh, f)));
    });
    if (differ.length) throw new Error(`assets/sounds/ is not what \`npm run sounds\` makes: ${differ.join(', ')}`);
    console.log(`assets/sounds/: ${files.length} files as made`);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.includes('--check'));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
