import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A camera's picture for Chromium's fake capture device (`--use-file-for-fake-video-capture=FILE.y4m`): a printed
 * ticket's QR code, black on white, written as a YUV4MPEG2 video (a one-line header, then raw I420 frames: the luma
 * plane, then the two chroma planes at half size, all grey). Chromium plays the file in a loop.
 */
export interface QrVideo {
  readonly width: number;
  readonly height: number;
  readonly frames: number;
}

/** The QR code of `text` as a square of dark (true) and light modules, with the four-module quiet zone around it. */
export function qrModules(text: string): boolean[][] {
  const m = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const n = m.size + 2 * quiet;
  return Array.from({ length: n }, (_, y) =>
    Array.from({ length: n }, (_, x) => {
      const r = y - quiet;
      const c = x - quiet;
      return r >= 0 && c >= 0 && r < m.size && c < m.size && m.get(r, c) === 1;
    }),
  );
}

/** The bytes of a .y4m video showing `modules` centred on a light grey background, as large as the frame allows. */
export function y4mOf(modules: boolean[][], v: QrVideo = { width: 640, height: 480, frames: 4 }): Buffer {
  const { width: w, height: h } = v;
  if (w % 2 || h % 2) throw new Error(`an I420 frame needs even sides, got ${w}×${h}`);
  const n = modules.length;
  const cell = Math.floor((Math.min(w, h) * 0.9) / n);
  if (cell < 2) throw new Error(`the QR code (${n} modules) does not fit a ${w}×${h} frame`);
  const x0 = Math.floor((w - n * cell) / 2);
  const y0 = Math.floor((h - n * cell) / 2);
  const luma = Buffer.alloc(w * h, 200);
  for (let y = 0; y < n * cell; y++) {
    const row = modules[Math.floor(y / cell)]!;
    for (let x = 0; x < n * cell; x++) luma[(y0 + y) * w + x0 + x] = row[Math.floor(x / cell)] ? 16 : 235;
  }
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: v.frames }, () => frame)]);
}

/** Writes the video of `text`'s QR code to `file` (for the fake camera) and returns the file. */
export function writeQrVideo(file: string, text: string): string {
  writeFileSync(file, y4mOf(qrModules(text)));
  return file;
}
