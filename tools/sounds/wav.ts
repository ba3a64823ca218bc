/**
 * 16-bit PCM mono WAV encoding: the masters that make-sounds.ts compresses to the Ogg Opus and MP3 files the game ships.
 */
export const SAMPLE_RATE = 22_050;

/** Peak level every sound is normalised to: -3 dBFS leaves headroom for the mixer. */
export const PEAK_DBFS = -3;

/** Scales a signal so its loudest sample sits at PEAK_DBFS. A silent signal stays silent. */
export function normalise(signal: Float64Array, peakDbfs = PEAK_DBFS): Float64Array {
  let peak = 0;
  for (const v of signal) peak = Math.max(peak, Math.abs(v));
  const out = new Float64Array(signal.length);
  if (peak === 0) return out;
  const gain = 10 ** (peakDbfs / 20) / peak;
  for (let i = 0; i < signal.length; i++) out[i] = (signal[i] ?? 0) * gain;
  return out;
}

/** Encodes samples in [-1, 1] as a RIFF/WAVE file: 16-bit signed little-endian PCM, one channel. */
export function encodeWav(signal: Float64Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const dataBytes = signal.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < signal.length; i++) {
    const clamped = Math.max(-1, Math.min(1, signal[i] ?? 0));
    view.setInt16(44 + i * 2, Math.round(clamped * 32767), true);
  }
  return bytes;
}
