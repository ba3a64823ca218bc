/**
 * The music loop: four bars of a cheerful farmyard tune at 120 BPM (8 s), C – Am – F – G, on mallets, a plucked
 * bass, soft chord stabs and a shaker. Every note is mixed with wrap-around, so tails that run past the end ring on
 * at the start: the loop point is seamless.
 */

import { Biquad, bell, mallet, midiToHz, mixInto, note, pluck, seededNoise, silence, TAU, wave } from './synth';
import { SAMPLE_RATE } from './wav';

const EIGHTH = 0.25; // seconds, at 120 BPM
const BARS = 4;
export const MUSIC_SECONDS = BARS * 8 * EIGHTH;

const CHORDS: ReadonlyArray<readonly number[]> = [
  [60, 64, 67], // C
  [57, 60, 64], // Am
  [53, 57, 60], // F
  [55, 59, 62], // G
];
const ROOTS = [48, 45, 41, 43];

/** The tune: MIDI note, start and length in eighths. */
const MELODY: ReadonlyArray<readonly [number, number, number]> = [
  [67, 0, 1],
  [72, 1, 1],
  [76, 2, 1],
  [79, 3, 2],
  [76, 5, 1],
  [79, 6, 2],
  [81, 8, 2],
  [79, 10, 1],
  [76, 11, 1],
  [72, 12, 2],
  [76, 14, 2],
  [77, 16, 1],
  [81, 17, 1],
  [84, 18, 2],
  [81, 20, 1],
  [77, 21, 1],
  [81, 22, 2],
  [79, 24, 2],
  [77, 26, 1],
  [74, 27, 1],
  [71, 28, 2],
  [74, 30, 1],
  [67, 31, 1],
];

const at = (eighths: number): number => Math.round(eighths * EIGHTH * SAMPLE_RATE);

function bassNote(hz: number): Float64Array {
  const low = new Biquad('lowpass');
  return note(
    0.45,
    (t) => low.step(wave('triangle', hz * t) + 0.3 * Math.sin(TAU * hz * 2 * t), 900, 0.8) * pluck(t, 0.005, 0.16),
  );
}

function chordStab(notes: readonly number[]): Float64Array {
  return note(0.2, (t) => {
    let s = 0;
    for (const note of notes) {
      const hz = midiToHz(note);
      s += (Math.sin(TAU * hz * t) + 0.25 * Math.sin(TAU * hz * 2 * t)) / notes.length;
    }
    return s * pluck(t, 0.006, 0.06);
  });
}

function kick(): Float64Array {
  let phase = 0;
  return note(0.2, (t) => {
    phase += (48 + 80 * Math.exp(-t / 0.025)) / SAMPLE_RATE;
    return Math.sin(TAU * phase) * pluck(t, 0.002, 0.06);
  });
}

function shaker(seed: number, accent: boolean): Float64Array {
  const noise = seededNoise(seed);
  const high = new Biquad('highpass');
  return note(0.08, (t) => high.step(noise(), 6000, 0.7) * pluck(t, 0.004, accent ? 0.025 : 0.014));
}

function clap(seed: number): Float64Array {
  const noise = seededNoise(seed);
  const band = new Biquad('bandpass');
  return note(
    0.15,
    (t) => band.step(noise(), 1500, 0.9) * (pluck(t, 0.001, 0.008) * 0.6 + pluck(t - 0.012, 0.001, 0.04)),
  );
}

export function music(): Float64Array {
  const out = silence(MUSIC_SECONDS);
  const kickSound = kick();
  for (let bar = 0; bar < BARS; bar++) {
    const first = bar * 8;
    const root = ROOTS[bar] ?? 48;
    const chord = CHORDS[bar] ?? [60, 64, 67];
    // oom-pah: bass on beats 1 and 3 (root, fifth), a little pickup on the last eighth
    mixInto(out, bassNote(midiToHz(root)), at(first), 0.55, true);
    mixInto(out, bassNote(midiToHz(root + 7)), at(first + 4), 0.45, true);
    mixInto(out, bassNote(midiToHz(root + 12)), at(first + 7), 0.3, true);
    mixInto(out, chordStab(chord), at(first + 2), 0.32, true);
    mixInto(out, chordStab(chord), at(first + 6), 0.32, true);
    mixInto(out, chordStab(chord), at(first + 7), 0.16, true);
    mixInto(out, kickSound, at(first), 0.5, true);
    mixInto(out, kickSound, at(first + 4), 0.4, true);
    mixInto(out, clap(7000 + bar * 2), at(first + 2), 0.18, true);
    mixInto(out, clap(7001 + bar * 2), at(first + 6), 0.18, true);
    for (let k = 0; k < 8; k++) mixInto(out, shaker(8000 + first + k, k % 2 === 1), at(first + k), 0.12, true);
  }
  for (const [note, start, length] of MELODY) {
    const hz = midiToHz(note);
    mixInto(out, mallet(hz, 0.2 + length * EIGHTH * 1.6, 0.12 + 0.08 * length), at(start), 0.42, true);
    if (start % 8 === 0) mixInto(out, bell(hz * 2, 0.6, 0.15), at(start), 0.08, true);
  }
  return out;
}
