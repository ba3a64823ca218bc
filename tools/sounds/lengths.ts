/**
 * Reads how many samples a compressed sound decodes to, from its own headers (no decoder): the Ogg Opus stream's last
 * granule position less its pre-skip, and the MP3's frame count less LAME's recorded delay and padding. Enough to
 * tell that a shipped file was made from the master of the same length.
 */

const OPUS_RATE = 48_000;

/** Seconds of audio in an Ogg Opus file. */
export function oggOpusSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number, n: number): string => String.fromCharCode(...bytes.subarray(at, at + n));
  if (text(0, 4) !== 'OggS') throw new Error('not an Ogg stream');
  let preSkip: number | undefined;
  let granule = 0n;
  for (let at = 0; at < bytes.length; ) {
    if (text(at, 4) !== 'OggS') throw new Error(`Ogg page expected at byte ${at}`);
    const segments = bytes[at + 26] ?? 0;
    let body = 0;
    for (let i = 0; i < segments; i++) body += bytes[at + 27 + i] ?? 0;
    const start = at + 27 + segments;
    if (preSkip === undefined && text(start, 8) === 'OpusHead') preSkip = view.getUint16(start + 10, true);
    const g = view.getBigInt64(at + 6, true);
    if (g > granule) granule = g;
    at = start + body;
  }
  if (preSkip === undefined) throw new Error('no OpusHead: not an Opus stream');
  return (Number(granule) - preSkip) / OPUS_RATE;
}

/** MPEG-2 Layer III bit rates in kbit/s, by the header's index. */
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22_050, 24_000, 16_000];
const MPEG2_L3_SAMPLES = 576;

/** Seconds of audio in an MPEG-2 Layer III file as LAME writes it (an Info frame first, then audio frames). */
export function mp3Seconds(bytes: Uint8Array): number {
  let frames = 0;
  let rate = 0;
  let delay = 0;
  let padding = 0;
  for (let at = 0; at + 4 <= bytes.length; ) {
    const b1 = bytes[at + 1] ?? 0;
    const b2 = bytes[at + 2] ?? 0;
    if (bytes[at] !== 0xff || (b1 & 0xfe) !== 0xf2) throw new Error(`MPEG-2 Layer III frame expected at byte ${at}`);
    const kbps = MPEG2_L3_KBPS[b2 >> 4] ?? 0;
    rate = MPEG2_RATES[(b2 >> 2) & 3] ?? 0;
    if (!kbps || !rate) throw new Error(`bad frame header at byte ${at}`);
    const length = Math.floor((72_000 * kbps) / rate) + ((b2 >> 1) & 1);
    const frame = bytes.subarray(at, at + length);
    const lame = findAscii(frame, 'LAME');
    if (frames === 0 && (findAscii(frame, 'Info') >= 0 || findAscii(frame, 'Xing') >= 0)) {
      if (lame >= 0) {
        const d = frame.subarray(lame + 21, lame + 24);
        delay = ((d[0] ?? 0) << 4) | ((d[1] ?? 0) >> 4);
        padding = (((d[1] ?? 0) & 0x0f) << 8) | (d[2] ?? 0);
      }
    } else {
      frames++;
    }
    at += length;
  }
  if (!rate) throw new Error('no MP3 frame');
  return (frames * MPEG2_L3_SAMPLES - delay - padding) / rate;
}

function findAscii(bytes: Uint8Array, word: string): number {
  outer: for (let i = 0; i + word.length <= bytes.length; i++) {
    for (let j = 0; j < word.length; j++) if (bytes[i + j] !== word.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}
