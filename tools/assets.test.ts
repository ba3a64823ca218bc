/**
 * Our own art and sound: every SVG is self-contained and safe to rasterise; every sound's master has the format the
 * game expects, and the shipped Ogg Opus and MP3 files were made from the masters of tools/sounds/ as it stands.
 * (`npm run sounds -- --check` re-encodes them byte for byte where Debian's opus-tools and lame are installed.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ART as SCENE_ART } from '../src/scene/art-files';
import { mp3Seconds, oggOpusSeconds } from './sounds/lengths';
import { describeMasters, renderMasters, SOUNDS } from './sounds/make-sounds';

const ROOT = join(import.meta.dirname, '..');
const ART = join(ROOT, 'assets', 'art');
const SOUND_DIR = join(ROOT, 'assets', 'sounds');

/** Expected length of each sound in seconds, [min, max]. */
const DURATIONS: Readonly<Record<string, readonly [number, number]>> = {
  lift: [0.2, 0.45],
  egg: [0.8, 1.3],
  chick: [0.3, 0.5],
  empty: [0.2, 0.4],
  haystack: [0.4, 0.65],
  extra: [1.0, 1.5],
  win: [1.7, 2.4],
  lose: [0.8, 1.3],
  click: [0.04, 0.12],
  scratch: [0.2, 0.3],
  coin: [0.15, 0.3],
  music: [8, 16],
};

const svgFiles = readdirSync(ART)
  .filter((f) => f.endsWith('.svg'))
  .sort();

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
    for (const name of SCENE_ART) expect(svgFiles, `${name}.svg`).toContain(`${name}.svg`);
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
  const masters = renderMasters();
  const master = (name: string): WavInfo => {
    const wav = masters.get(name);
    if (!wav) throw new Error(`no master for ${name}`);
    return readWav(Buffer.from(wav));
  };

  it('lists the same sounds in the script and in this test', () => {
    expect(Object.keys(SOUNDS).sort()).toEqual(Object.keys(DURATIONS).sort());
  });

  it.each(Object.keys(DURATIONS))(
    '%s is mastered as 16-bit PCM mono 22,050 Hz, of the right length, peaking near -3 dBFS',
    (name) => {
      const wav = master(name);
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
    },
  );

  it('makes the music loop seamless', () => {
    const { samples } = master('music');
    // the jump from the last sample back to the first is no bigger than the usual sample-to-sample steps
    const steps = Array.from({ length: samples.length - 1 }, (_, i) =>
      Math.abs((samples[i + 1] ?? 0) - (samples[i] ?? 0)),
    );
    steps.sort((a, b) => a - b);
    const p99 = steps[Math.floor(steps.length * 0.99)] ?? 0;
    expect(Math.abs((samples[0] ?? 0) - (samples[samples.length - 1] ?? 0))).toBeLessThanOrEqual(p99);
  });

  it('ships files made from the masters of the script as it stands (masters.json)', () => {
    const committed = JSON.parse(readFileSync(join(SOUND_DIR, 'masters.json'), 'utf8')) as unknown;
    expect(committed, 'run `npm run sounds` after changing tools/sounds/').toEqual(describeMasters(masters));
  });

  it.each(Object.keys(DURATIONS))("%s ships as Ogg Opus and MP3 of its master's exact length, small", (name) => {
    const m = master(name);
    const seconds = m.samples.length / m.sampleRate;
    const ogg = readFileSync(join(SOUND_DIR, `${name}.ogg`));
    const mp3 = readFileSync(join(SOUND_DIR, `${name}.mp3`));
    // Opus counts in 48 kHz samples: the length agrees to within one of them.
    expect(Math.abs(oggOpusSeconds(ogg) - seconds)).toBeLessThan(1 / 48_000 + 1e-9);
    expect(mp3Seconds(mp3)).toBeCloseTo(seconds, 6);
    // about 32-48 kbit/s, plus headers and the encoders' whole frames around a short sound
    const limit = 4096 + seconds * 8_000;
    expect(ogg.length).toBeLessThan(limit);
    expect(mp3.length).toBeLessThan(limit);
  });

  it('ships no WAV (the masters are made, compressed and dropped)', () => {
    expect(readdirSync(SOUND_DIR).filter((f) => f.endsWith('.wav'))).toEqual([]);
  });
});
