/**
 * Tiny deterministic synthesis kit: oscillators, envelopes, seeded noise, filters, mixing.
 * Everything is plain arithmetic on Float64Array so the same script gives the same bytes on every run.
 */
import { SAMPLE_RATE } from './wav';

export const TAU = Math.PI * 2;

/** A silent buffer of `seconds`. */
export function silence(seconds: number): Float64Array {
  return new Float64Array(Math.round(seconds * SAMPLE_RATE));
}

/** Equal-tempered pitch of a MIDI note (69 = A4 = 440 Hz). */
export function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** Seeded noise (mulberry32): the only "randomness" in our sounds, fixed per sound so output never changes. */
export function seededNoise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

export type Wave = 'sine' | 'triangle' | 'square' | 'saw';

/** One period of a waveform at phase p (in cycles). Square and saw are softened a little to stay round. */
export function wave(kind: Wave, p: number): number {
  const f = p - Math.floor(p);
  switch (kind) {
    case 'sine':
      return Math.sin(TAU * f);
    case 'triangle':
      return f < 0.5 ? 4 * f - 1 : 3 - 4 * f;
    case 'square':
      return Math.tanh(Math.sin(TAU * f) * 4) * 0.8;
    case 'saw':
      // a band-friendly saw: a few harmonics only, so the 22 kHz rate does not alias
      return (
        (Math.sin(TAU * f) + Math.sin(2 * TAU * f) / 2 + Math.sin(3 * TAU * f) / 3 + Math.sin(4 * TAU * f) / 4) * 0.6
      );
  }
}

/** Attack then exponential decay: a plucked or struck note. `decay` is the time to fall to about 1/e. */
export function pluck(t: number, attack: number, decay: number): number {
  if (t < 0) return 0;
  if (t < attack) return t / attack;
  return Math.exp(-(t - attack) / decay);
}

/** Attack, hold at full, release: a held note of `length` seconds. */
export function held(t: number, length: number, attack: number, release: number): number {
  if (t < 0 || t > length + release) return 0;
  if (t < attack) return t / attack;
  if (t <= length) return 1;
  return 1 - (t - length) / release;
}

/** Fades the first and last `seconds` so a sound starts and ends without a click. */
export function fadeEdges(signal: Float64Array, seconds: number): Float64Array {
  const n = Math.min(Math.round(seconds * SAMPLE_RATE), Math.floor(signal.length / 2));
  for (let i = 0; i < n; i++) {
    const g = i / n;
    signal[i] = (signal[i] ?? 0) * g;
    const j = signal.length - 1 - i;
    signal[j] = (signal[j] ?? 0) * g;
  }
  return signal;
}

/** Fades the last `seconds` out smoothly (a ringing sound that must end inside its file). */
export function fadeOut(signal: Float64Array, seconds: number): Float64Array {
  const n = Math.min(Math.round(seconds * SAMPLE_RATE), signal.length);
  for (let i = 0; i < n; i++) {
    const j = signal.length - n + i;
    const g = 0.5 + 0.5 * Math.cos((Math.PI * i) / n);
    signal[j] = (signal[j] ?? 0) * g;
  }
  return signal;
}

/**
 * Adds `source` into `target` from sample `at`. With `wrap`, what runs past the end comes back at the start:
 * that is how the music loop stays seamless (a note's tail rings on into the next turn of the loop).
 */
export function mixInto(target: Float64Array, source: Float64Array, at: number, gain = 1, wrap = false): void {
  for (let i = 0; i < source.length; i++) {
    let j = at + i;
    if (wrap) j = ((j % target.length) + target.length) % target.length;
    else if (j >= target.length) break;
    target[j] = (target[j] ?? 0) + (source[i] ?? 0) * gain;
  }
}

/** RBJ biquad filter state. Coefficients may change every sample (for sweeps). */
export type FilterKind = 'lowpass' | 'highpass' | 'bandpass';

export class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(private readonly kind: FilterKind) {}

  /** Filters one sample with cutoff/centre `hz` and resonance `q`. */
  step(x: number, hz: number, q: number): number {
    const w = (TAU * Math.min(hz, SAMPLE_RATE * 0.45)) / SAMPLE_RATE;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    let b0: number;
    let b1: number;
    let b2: number;
    if (this.kind === 'lowpass') {
      b0 = (1 - cos) / 2;
      b1 = 1 - cos;
      b2 = b0;
    } else if (this.kind === 'highpass') {
      b0 = (1 + cos) / 2;
      b1 = -(1 + cos);
      b2 = b0;
    } else {
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
    }
    const a0 = 1 + alpha;
    const a1 = -2 * cos;
    const a2 = 1 - alpha;
    const y = (b0 * x + b1 * this.x1 + b2 * this.x2 - a1 * this.y1 - a2 * this.y2) / a0;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Builds a buffer of `seconds` from a function of time. */
export function render(seconds: number, at: (t: number, i: number) => number): Float64Array {
  const out = silence(seconds);
  for (let i = 0; i < out.length; i++) out[i] = at(i / SAMPLE_RATE, i);
  return out;
}

/** A note of `seconds`: rendered, then faded over its last few milliseconds so it never stops with a click. */
export function note(seconds: number, at: (t: number, i: number) => number): Float64Array {
  return fadeOut(render(seconds, at), Math.min(0.03, seconds / 4));
}

/** A band-limited sawtooth at `hz`: every harmonic that fits under 9 kHz, none that would alias. */
export function bandSaw(phase: number, hz: number): number {
  const f = phase - Math.floor(phase);
  const top = Math.max(1, Math.floor(9000 / hz));
  let s = 0;
  for (let k = 1; k <= top; k++) s += Math.sin(TAU * k * f) / k;
  return s * 0.55;
}

/**
 * A struck bell: a few inharmonic partials decaying at different rates. Bright, "magical", no samples.
 * Partial ratios are those of a small glockenspiel bar, rounded.
 */
export function bell(hz: number, seconds: number, decay: number): Float64Array {
  const partials: ReadonlyArray<readonly [number, number, number]> = [
    // ratio, level, decay factor
    [1, 1, 1],
    [2.76, 0.45, 0.55],
    [5.4, 0.22, 0.3],
    [8.93, 0.1, 0.18],
  ];
  return note(seconds, (t) => {
    let s = 0;
    for (const [ratio, level, d] of partials) {
      const f = hz * ratio;
      if (f > SAMPLE_RATE * 0.45) continue;
      s += Math.sin(TAU * f * t) * level * pluck(t, 0.002, decay * d);
    }
    return s;
  });
}

/** A soft marimba-like note: fundamental plus a quickly fading 4th harmonic for the knock. */
export function mallet(hz: number, seconds: number, decay: number): Float64Array {
  return note(seconds, (t) => {
    const body = Math.sin(TAU * hz * t) * pluck(t, 0.004, decay);
    const knock = Math.sin(TAU * hz * 4 * t) * 0.25 * pluck(t, 0.001, decay * 0.12);
    return body + knock;
  });
}

/** A brassy note: a softened saw through a lowpass that opens with the attack (fanfares). */
export function brass(hz: number, length: number, release = 0.08): Float64Array {
  const filter = new Biquad('lowpass');
  let phase = 0;
  return render(length + release, (t) => {
    const env = held(t, length, 0.03, release);
    const vibrato = 1 + 0.004 * Math.sin(TAU * 5.5 * t) * Math.min(1, t / 0.15);
    phase += (hz * vibrato) / SAMPLE_RATE;
    return filter.step(bandSaw(phase, hz), 700 + 3600 * env, 0.9) * env;
  });
}
