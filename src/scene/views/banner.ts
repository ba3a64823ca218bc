import gsap from 'gsap';
import { Container, Graphics } from 'pixi.js';
import { dispose } from '../dispose';
import type { Rect } from '../layout';
import { fitWidth, label } from '../text';

/** Where a banner goes (design units) and its words' size; without it, the board's middle at size 120. */
export interface BannerPlace {
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

export interface BannerOptions {
  readonly text: string;
  /** Seconds held between the pop and the fade. */
  readonly hold: number;
  readonly sub?: string;
  readonly at?: BannerPlace;
  /** An opaque ribbon with a gold edge: nothing behind shows through (the « EXTRA ! »). */
  readonly opaque?: boolean;
}

/**
 * A big word over the board (« L'ŒUF D'OR ! », « EXTRA ! ») on a dark ribbon, in `layer` (placed at the board's
 * middle); it pops, is held, fades and is disposed.
 */
export function showBanner(layer: Container, board: Rect | null, o: BannerOptions): gsap.core.Timeline {
  const b = new Container();
  const size = o.at?.size ?? 120;
  const t = label(o.text, size, 'title');
  // Room for the pop's overshoot: at its peak the banner still fits the board.
  const maxW = (board?.width ?? 1200) * 0.8;
  fitWidth(t, maxW);
  const st = o.sub ? label(o.sub, Math.round(size * 0.4), 'light') : null;
  const subY = Math.round(size * 0.95);
  if (st) {
    st.position.set(0, subY);
    fitWidth(st, maxW);
  }
  // A dark ribbon behind the words, so they read over hens, straw or sky alike.
  const w = Math.min(maxW / 0.88, Math.max(t.width, st?.width ?? 0) + 120);
  const top = -t.height / 2 - 14;
  const h = (st ? subY + st.height / 2 : t.height / 2) + 18 - top;
  const plate = new Graphics().roundRect(-w / 2, top, w, h, 36).fill({ color: 0x2b1405, alpha: o.opaque ? 1 : 0.55 });
  if (o.opaque) plate.stroke({ width: 6, color: 0xffd54a });
  b.addChild(plate, t);
  if (st) b.addChild(st);
  if (o.at && board) b.position.set(o.at.x - (board.x + board.width / 2), o.at.y - (board.y + board.height / 2));
  layer.addChild(b);
  const tl = gsap.timeline({ onComplete: () => dispose(b) });
  tl.from(b.scale, { x: 0, y: 0, duration: 0.4, ease: 'back.out(1.6)' });
  tl.to(b, { alpha: 0, duration: 0.3 }, `+=${o.hold}`);
  return tl;
}
