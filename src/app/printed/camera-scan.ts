import jsQR from 'jsqr';

/**
 * The kiosk's camera reading a ticket's QR code: the browser's own BarcodeDetector where it has one for QR codes
 * (Android, ChromeOS, macOS), otherwise jsQR on the video's frames drawn into a small canvas. Whatever is read is
 * handed on as text; what it means (a play address, a code) is the caller's to judge.
 */

/** The part of the Barcode Detection API used here (not in TypeScript's DOM library yet). */
interface Detector {
  detect(source: CanvasImageSource): Promise<readonly { readonly rawValue: string }[]>;
}
interface DetectorClass {
  new (opts: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export type ScanFailure = 'no-camera' | 'camera-refused';
export type Decoder = 'barcode-detector' | 'jsqr';

export interface CameraScan {
  /** Which decoder reads the frames. */
  readonly decoder: Decoder;
  stop(): void;
}

/** A frame is read every this many ms: enough for a held ticket, light on a kiosk's CPU. */
const FRAME_MS = 150;
/** The same code shown again is read again after this long (once it has left the picture). */
const AGAIN_MS = 3000;
/** jsQR reads frames scaled down to this width at most (a QR code held up fills a good part of the picture). */
const JSQR_WIDTH = 640;

async function qrDetector(): Promise<Detector | null> {
  const cls = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!cls) return null;
  try {
    const formats = await cls.getSupportedFormats();
    return formats.includes('qr_code') ? new cls({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the camera into `video` and calls `onText` with each QR code read (the same text is not repeated while it
 * stays in view). Resolves once the camera runs, or with why it cannot.
 */
export async function startCameraScan(
  video: HTMLVideoElement,
  onText: (text: string) => void,
): Promise<CameraScan | ScanFailure> {
  if (!navigator.mediaDevices?.getUserMedia) return 'no-camera';
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment', width: { ideal: 1280 } },
      audio: false,
    });
  } catch (e) {
    return e instanceof DOMException && (e.name === 'NotAllowedError' || e.name === 'SecurityError')
      ? 'camera-refused'
      : 'no-camera';
  }
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play().catch(() => undefined);

  const detector = await qrDetector();
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let stopped = false;
  // The same code is handed on again only once it has left the picture and a few seconds have passed: a ticket held
  // still after a refusal is not claimed over and over (wrong codes count against the screen's limit).
  let last = '';
  let lastAt = 0;
  let leftView = false;
  let timer = 0;

  const readFrame = async (): Promise<string | null> => {
    if (video.readyState < 2 || video.videoWidth === 0) return null;
    if (detector) {
      const found = await detector.detect(video);
      return found[0]?.rawValue ?? null;
    }
    if (!ctx) return null;
    const scale = Math.min(1, JSQR_WIDTH / video.videoWidth);
    const w = Math.round(video.videoWidth * scale);
    const h = Math.round(video.videoHeight * scale);
    canvas.width = w;
    canvas.height = h;
    ctx.drawImage(video, 0, 0, w, h);
    const img = ctx.getImageData(0, 0, w, h);
    return jsQR(img.data, w, h, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
  const tick = async (): Promise<void> => {
    if (stopped) return;
    try {
      const text = await readFrame();
      const now = performance.now();
      if (!text) leftView = true;
      else if (!stopped && (text !== last || (leftView && now - lastAt > AGAIN_MS))) {
        last = text;
        lastAt = now;
        leftView = false;
        onText(text);
      }
    } catch (e) {
      console.warn('[poule] a camera frame could not be read', e);
    }
    if (!stopped) timer = window.setTimeout(() => void tick(), FRAME_MS);
  };
  void tick();

  return {
    decoder: detector ? 'barcode-detector' : 'jsqr',
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      for (const t of stream.getTracks()) t.stop();
      video.srcObject = null;
    },
  };
}
