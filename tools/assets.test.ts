/**
 * Our own art and sound: every SVG is self-contained and safe to rasterise, every WAV has the format the game
 * expects, and the committed WAVs are exactly what tools/sounds/make-sounds.ts writes (the script is their source).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOUNDS } from './sounds/make-sounds';

const ROOT = join(import.meta.dirname, '..');
const ART = join(ROOT, 'assets', 'art');
const SOUND_DIR = join(ROOT, 'assets', 'sounds');

/** The files the scene loads by name (see assets/art/README.md). */
const REQUIRED_ART = [
  'hen', 'hen-lifted', 'egg-gold', 'egg-shine', 'chick', 'nest-empty', 'nest', 'haystack', 'haystack-open',
  'farmyard', 'farmyard-portrait', 'logo', 'ticket', 'scratch-cover', 'button', 'icon-sound-on', 'icon-sound-off',
  'icon-menu', 'icon-rules', 'feather', 'straw', 'coin', 'star',
];

/** Expected length of each sound in seconds, [min, max]. */
const DURATIONS: Readonly<Record<string, readonly [number, number]>> = {
  'lift.wav': [0.2, 0.45],
  'egg.wav': [0.8, 1.3],
  'chick.wav': [0.3, 0.5],
  'empty.wav': [0.2, 0.4],
  'haystack.wav': [0.4, 0.65],
  'extra.wav': [1.0, 1.5],
  'win.wav': [1.7, 2.4],
  'lose.wav': [0.8, 1.3],
  'click.wav': [0.04, 0.12],
  'scratch.wav': [0.2, 0.3],
  'coin.wav': [0.15, 0.3],
  'music.wav': [8, 16],
};

const svgFiles = readdirSync(ART).filter((f) => f.endsWith('.svg')).sort();

/** Checks that tags nest properly (open/close pairs match, nothing left open). Returns the first problem found. */
function nestingProblem(svg: string): string | undefined {
  const body = svg.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?xml[\s\S]*?\?>/, '');
  const stack: string[] = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g)) {
    const [, closing, name = '', , selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return `</${name}> does not close the open tag`;
  }
  if (stack.length > 0) return `<${stack.join('>, <')}> left open`;
  const stray = body.replace(/<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g, '');
  if (stray.includes('<') || stray.includes('>')) return 'a tag that is not well formed';
  return undefined;
}

describe('art', () => {
  it('has every file the scene loads', () => {
    for (const name of REQUIRED_ART) expect(svgFiles, `${name}.svg`).toContain(`${name}.svg`);
  });

  it.each(svgFiles)('%s is a self-contained, safe SVG', (file) => {
    const svg = readFileSync(join(ART, file), 'utf8');
    expect(svg.trimStart().startsWith('<svg'), 'starts with <svg').toBe(true);
    expect(svg).toMatch(/<svg[^>]*\sviewBox="[\d.]+ [\d.]+ [\d.]+ [\d.]+"/);
    expect(svg).toMatch(/<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/<foreignObject/i);
    expect(svg).not.toMatch(/<image/i);
    expect(svg).not.toMatch(/href\s*=\s*"\s*(https?:|\/\/|data:)/i);
    expect(svg).not.toMatch(/url\(\s*['"]?\s*(https?:|\/\/|data:)/i);
    expect(svg).not.toMatch(/@import|@font-face/i);
    expect(nestingProblem(svg)).toBeUndefined();
    // every url(#id) points at an id defined in the same file
    const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids, `url(#${ref})`).toContain(ref);
  });

  it('keeps text out of everything but the logo', () => {
    for (const file of svgFiles) {
      const svg = readFileSync(join(ART, file), 'utf8');
      if (file === 'logo.svg') expect(svg).toMatch(/font-family="Georgia, serif"/);
      else expect(svg, file).not.toMatch(/<text/);
    }
  });
});

interface WavInfo {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  samples: Int16Array;
}

/** Reads a canonical 44-byte-header WAV, checking the header's own sizes against the file. */
function readWav(bytes: Buffer): WavInfo {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  expect(bytes.toString('ascii', 12, 16)).toBe('fmt ');
  expect(bytes.readUInt32LE(16)).toBe(16);
  expect(bytes.toString('ascii', 36, 40)).toBe('data');
  const dataBytes = bytes.readUInt32LE(40);
  expect(dataBytes).toBe(bytes.length - 44);
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const bitsPerSample = bytes.readUInt16LE(34);
  expect(bytes.readUInt32LE(28)).toBe((sampleRate * channels * bitsPerSample) / 8);
  expect(bytes.readUInt16LE(32)).toBe((channels * bitsPerSample) / 8);
  const samples = new Int16Array(dataBytes / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(44 + i * 2);
  return { format: bytes.readUInt16LE(20), channels, sampleRate, bitsPerSample, samples };
}

function peakDbfs(samples: Int16Array): number {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return 20 * Math.log10(peak / 32768);
}

describe('sounds', () => {
  it('lists the same sounds in the script and in this test', () => {
    expect(Object.keys(SOUNDS).sort()).toEqual(Object.keys(DURATIONS).sort());
  });

  it.each(Object.keys(DURATIONS))('%s is 16-bit PCM mono 22,050 Hz, of the right length, peaking near -3 dBFS', (name) => {
    const wav = readWav(readFileSync(join(SOUND_DIR, name)));
    expect(wav.format).toBe(1);
    expect(wav.channels).toBe(1);
    expect(wav.sampleRate).toBe(22_050);
    expect(wav.bitsPerSample).toBe(16);
    const seconds = wav.samples.length / wav.sampleRate;
    const [min, max] = DURATIONS[name] ?? [0, 0];
    expect(seconds).toBeGreaterThanOrEqual(min);
    expect(seconds).toBeLessThanOrEqual(max);
    const peak = peakDbfs(wav.samples);
    expect(peak).toBeGreaterThan(-3.5);
    expect(peak).toBeLessThan(-2.5);
  });

  it('keeps the music loop modest and seamless', () => {
    const bytes = readFileSync(join(SOUND_DIR, 'music.wav'));
    expect(statSync(join(SOUND_DIR, 'music.wav')).size).toBeLessThanOrEqual(400 * 1024);
    const { samples } = readWav(bytes);
    // the jump from the last sample back to the first is no bigger than the usual sample-to-sample steps
    const steps = Array.from({ length: samples.length - 1 }, (_, i) => Math.abs((samples[i + 1] ?? 0) - (samples[i] ?? 0)));
    steps.sort((a, b) => a - b);
    const p99 = steps[Math.floor(steps.length * 0.99)] ?? 0;
    expect(Math.abs((samples[0] ?? 0) - (samples[samples.length - 1] ?? 0))).toBeLessThanOrEqual(p99);
  });

  describe('regenerated from the script', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poule-sounds-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('gives byte-identical files to the committed ones', () => {
      // the same command as `npm run sounds`, into a temporary folder
      const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'tools', 'sounds', 'make-sounds.ts'), dir], {
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      for (const name of Object.keys(SOUNDS)) {
        const fresh = readFileSync(join(dir, name));
        const committed = readFileSync(join(SOUND_DIR, name));
        expect(fresh.equals(committed), `${name} differs from a fresh run of make-sounds.ts`).toBe(true);
      }
    });
  });
});
