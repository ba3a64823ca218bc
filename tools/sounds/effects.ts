/**
 * The game's sound effects, each a recipe of oscillators, seeded noise and envelopes.
 * Every recipe returns raw samples; make-sounds.ts normalises and encodes them.
 */

import {
  Biquad,
  bell,
  brass,
  fadeEdges,
  fadeOut,
  mallet,
  midiToHz,
  mixInto,
  note,
  pluck,
  render,
  seededNoise,
  silence,
  TAU,
  wave,
} from './synth';
import { SAMPLE_RATE } from './wav';

/** A hen lifting off: a soft whoosh of filtered noise with two wing flaps in it (~0.3 s). */
export function lift(): Float64Array {
  const noise = seededNoise(101);
  const band = new Biquad('bandpass');
  const low = new Biquad('lowpass');
  const length = 0.32;
  return fadeEdges(
    render(length, (t) => {
      const x = t / length;
      const swell = Math.sin(Math.PI * Math.min(1, x * 1.1)) ** 1.5;
      const flaps = 0.55 + 0.45 * Math.cos(TAU * 9 * t); // two beats of the wings inside the whoosh
      const centre = 500 + 1800 * Math.sin(Math.PI * x);
      const whoosh = band.step(noise(), centre, 1.2) * swell * flaps;
      const thump = Math.sin(TAU * 140 * t) * pluck(t, 0.005, 0.03) * 0.35;
      return low.step(whoosh * 1.6 + thump, 5000, 0.7);
    }),
    0.004,
  );
}

/** The golden egg: a rising arpeggio of bells over a shimmer (~1 s). */
export function egg(): Float64Array {
  const out = silence(1.1);
  const notes = [84, 88, 91, 96]; // C6 E6 G6 C7
  notes.forEach((note, k) => {
    mixInto(out, bell(midiToHz(note), 1.1 - k * 0.07, 0.35), Math.round(k * 0.07 * SAMPLE_RATE), 0.6);
  });
  // twinkles: tiny high pings at fixed, seeded moments and pitches
  const twinkle = seededNoise(202);
  for (let k = 0; k < 9; k++) {
    const start = 0.18 + k * 0.075 + 0.03 * twinkle();
    const hz = 5200 + 1800 * twinkle();
    const ping = note(0.12, (t) => Math.sin(TAU * hz * t) * pluck(t, 0.002, 0.03));
    mixInto(out, ping, Math.round(start * SAMPLE_RATE), 0.12 * (1 - k / 12));
  }
  const glitter = render(
    1.1,
    (t) => Math.sin(TAU * 2093 * t) * (0.5 + 0.5 * Math.sin(TAU * 12 * t)) * 0.16 * pluck(t - 0.2, 0.15, 0.3),
  );
  mixInto(out, glitter, 0);
  fadeOut(out, 0.2);
  return fadeEdges(out, 0.01);
}

/** A chick: two little cheeps, each a quick downward chirp (~0.4 s). */
export function chick(): Float64Array {
  const out = silence(0.42);
  const cheep = (top: number): Float64Array => {
    let phase = 0;
    return render(0.13, (t) => {
      const x = t / 0.13;
      const hz = top - top * 0.35 * x + 180 * Math.sin(TAU * 38 * t);
      phase += hz / SAMPLE_RATE;
      const env = Math.sin(Math.PI * Math.min(1, x)) ** 0.8;
      return (Math.sin(TAU * phase) + 0.18 * Math.sin(2 * TAU * phase)) * env;
    });
  };
  mixInto(out, cheep(3900), Math.round(0.01 * SAMPLE_RATE));
  mixInto(out, cheep(4300), Math.round(0.2 * SAMPLE_RATE), 0.9);
  return out;
}

/** An empty nest: a soft, dull thud (~0.3 s). */
export function empty(): Float64Array {
  const noise = seededNoise(303);
  const low = new Biquad('lowpass');
  let phase = 0;
  return fadeEdges(
    render(0.3, (t) => {
      const hz = 60 + 90 * Math.exp(-t / 0.03);
      phase += hz / SAMPLE_RATE;
      const body = Math.sin(TAU * phase) * pluck(t, 0.003, 0.07);
      const dust = low.step(noise(), 700, 0.7) * pluck(t, 0.002, 0.04) * 0.8;
      return body + dust;
    }),
    0.002,
  );
}

/** A haystack opening: rustling straw, grains of filtered noise (~0.5 s). */
export function haystack(): Float64Array {
  const noise = seededNoise(404);
  const grains = seededNoise(405);
  const band = new Biquad('bandpass');
  const high = new Biquad('highpass');
  let grain = 0;
  return fadeEdges(
    fadeOut(
      render(0.5, (t, i) => {
        if (i % 220 === 0) grain = 0.3 + 0.7 * Math.abs(grains()); // a new crackle every 10 ms
        const x = t / 0.5;
        const env = Math.min(1, x * 12) * Math.exp(-x * 2.2);
        const centre = 3200 + 1200 * Math.sin(TAU * 3 * t);
        return high.step(band.step(noise(), centre, 0.8), 900, 0.7) * env * grain;
      }),
      0.08,
    ),
    0.01,
  );
}

/** The Extra: a short brass fanfare, a triplet up to a held chord (~1.2 s). */
export function extra(): Float64Array {
  const out = silence(1.25);
  const at = (s: number): number => Math.round(s * SAMPLE_RATE);
  mixInto(out, brass(midiToHz(67), 0.07, 0.03), at(0), 0.6); // G4, a crisp triplet
  mixInto(out, brass(midiToHz(67), 0.07, 0.03), at(0.12), 0.6);
  mixInto(out, brass(midiToHz(67), 0.07, 0.03), at(0.24), 0.6);
  mixInto(out, brass(midiToHz(72), 0.22), at(0.36), 0.7); // C5
  for (const note of [72, 76, 79, 84]) mixInto(out, brass(midiToHz(note), 0.55, 0.25), at(0.62), 0.45); // C major
  mixInto(out, bell(midiToHz(96), 0.6, 0.2), at(0.62), 0.3);
  fadeOut(out, 0.12);
  return fadeEdges(out, 0.005);
}

/** A win: a bouncy jingle on mallets and bells ending on a bright chord (~2 s). */
export function win(): Float64Array {
  const out = silence(2.1);
  const beat = 0.125;
  const tune: ReadonlyArray<readonly [number, number]> = [
    // MIDI note, start in eighths
    [72, 0],
    [76, 1],
    [79, 2],
    [84, 3],
    [79, 4],
    [84, 5],
    [88, 6],
    [91, 8],
  ];
  for (const [note, step] of tune) {
    mixInto(out, mallet(midiToHz(note), 0.6, 0.18), Math.round(step * beat * SAMPLE_RATE), 0.55);
    mixInto(out, bell(midiToHz(note + 12), 0.5, 0.12), Math.round(step * beat * SAMPLE_RATE), 0.18);
  }
  const chordAt = Math.round(8 * beat * SAMPLE_RATE);
  for (const note of [60, 64, 67, 72]) mixInto(out, brass(midiToHz(note), 0.7, 0.3), chordAt, 0.3);
  for (const note of [84, 88, 91, 96])
    mixInto(out, bell(midiToHz(note), 1.0, 0.3), chordAt + Math.round((note - 84) * 0.006 * SAMPLE_RATE), 0.22);
  fadeOut(out, 0.25);
  return fadeEdges(out, 0.01);
}

/** A loss, kindly: three soft descending notes and a low resolve, no buzzer (~1 s). */
export function lose(): Float64Array {
  const out = silence(1.05);
  const notes: ReadonlyArray<readonly [number, number]> = [
    [76, 0],
    [72, 0.22],
    [69, 0.44],
    [67, 0.6],
  ];
  notes.forEach(([pitch, start], k) => {
    let phase = 0;
    const hz = midiToHz(pitch);
    const tone = note(k === 3 ? 0.45 : 0.3, (t) => {
      phase += (hz * (1 + 0.006 * Math.sin(TAU * 5 * t))) / SAMPLE_RATE;
      return (wave('triangle', phase) * 0.6 + Math.sin(TAU * phase) * 0.4) * pluck(t, 0.02, k === 3 ? 0.22 : 0.12);
    });
    mixInto(out, tone, Math.round(start * SAMPLE_RATE), k === 3 ? 0.8 : 0.6);
  });
  return fadeEdges(out, 0.01);
}

/** A UI tick (~0.08 s). */
export function click(): Float64Array {
  const noise = seededNoise(505);
  const high = new Biquad('highpass');
  return fadeEdges(
    render(0.08, (t) => {
      const tone = Math.sin(TAU * 1760 * t) * pluck(t, 0.001, 0.012);
      const tick = high.step(noise(), 3000, 0.7) * pluck(t, 0.0005, 0.004) * 0.6;
      return tone + tick;
    }),
    0.001,
  );
}

/**
 * Scratching the ticket: grainy noise, steady level, built to loop (~0.25 s). The filters run over the buffer
 * once to settle, and the kept pass continues from that state, so the end flows into the start.
 */
export function scratch(): Float64Array {
  const length = Math.round(0.25 * SAMPLE_RATE);
  const noise = seededNoise(606);
  const raw = new Float64Array(length);
  for (let i = 0; i < length; i++) raw[i] = noise();
  const band = new Biquad('bandpass');
  const high = new Biquad('highpass');
  const out = new Float64Array(length);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < length; i++) {
      // grain: 20 rough strokes per loop, a whole number of periods so the loop is seamless
      const grain = 0.55 + 0.45 * Math.abs(Math.sin((Math.PI * 20 * i) / length));
      const centre = 2800 + 900 * Math.sin((TAU * 4 * i) / length);
      const y = high.step(band.step(raw[i] ?? 0, centre, 1.1), 1200, 0.7) * grain;
      if (pass === 1) out[i] = y;
    }
  }
  return out;
}

/** A coin: two quick bright tones, the classic "bling" (~0.2 s). */
export function coin(): Float64Array {
  const first = midiToHz(83); // B5
  const second = midiToHz(88); // E6
  let phase = 0;
  return fadeEdges(
    fadeOut(
      render(0.22, (t) => {
        const hz = t < 0.06 ? first : second;
        phase += hz / SAMPLE_RATE;
        const env = t < 0.06 ? 1 : Math.exp(-(t - 0.06) / 0.06);
        return (wave('square', phase) * 0.3 + Math.sin(TAU * phase) * 0.7) * env * Math.min(1, t / 0.002);
      }),
      0.04,
    ),
    0.003,
  );
}
