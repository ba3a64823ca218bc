/**
 * Writes the game's sounds to assets/sounds/*.wav (or to the folder given as the first argument).
 * Every sound is synthesised here from oscillators, seeded noise and envelopes: the script is their source, and it
 * is deterministic (same bytes every run), which tools/assets.test.ts checks against the committed files.
 *   npx tsx tools/sounds/make-sounds.ts [out-dir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chick, click, coin, egg, empty, extra, haystack, lift, lose, scratch, win } from './effects';
import { music } from './music';
import { encodeWav, normalise } from './wav';

/** Every sound the game loads, by file name. */
export const SOUNDS: Readonly<Record<string, () => Float64Array>> = {
  'lift.wav': lift,
  'egg.wav': egg,
  'chick.wav': chick,
  'empty.wav': empty,
  'haystack.wav': haystack,
  'extra.wav': extra,
  'win.wav': win,
  'lose.wav': lose,
  'click.wav': click,
  'scratch.wav': scratch,
  'coin.wav': coin,
  'music.wav': music,
};

/** Renders every sound as WAV bytes. */
export function renderSounds(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [name, make] of Object.entries(SOUNDS)) files.set(name, encodeWav(normalise(make())));
  return files;
}

/** Writes every sound into `dir` and returns the paths written. */
export function writeSounds(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, bytes] of renderSounds()) {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    written.push(path);
  }
  return written;
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] !== undefined && resolve(process.argv[1]) === here) {
  const dir = process.argv[2] ?? join(here, '..', '..', '..', 'assets', 'sounds');
  for (const path of writeSounds(dir)) console.log(path);
}
