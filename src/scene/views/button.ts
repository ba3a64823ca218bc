import { Container, Graphics, NineSliceSprite, type Text } from 'pixi.js';
import { art } from '../art';
import { type ArtName, texture } from '../assets';
import { reads, TOUCH_MIN_CSS } from '../layout';
import { fitWidth, label } from '../text';
import { eases, tweenFromTo, tweenTo } from '../tween';
import { verticalGradient } from './panel';

export interface ButtonOptions {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly text?: string;
  readonly icon?: ArtName;
  readonly tone?: 'gold' | 'green' | 'plain';
  readonly onTap: () => void;
}

const TONES = {
  gold: [0xffd54a, 0xf29a0c, 0x7a4306],
  green: [0x8be05a, 0x3d9b2a, 0x1f5212],
  plain: [0xfff4dc, 0xe9c98f, 0x6b4513],
} as const;

/**
 * A button of the game, named by `id` (the test hook lists visible buttons by it). Taps are ignored while it is
 * disabled; it carries an accessible label for Pixi's accessibility layer.
 */
export class Button extends Container {
  /** Every button alive, for the test hook and keyboard focus. */
  static readonly all = new Set<Button>();

  readonly id: string;
  enabled = true;
  private readonly text: Text | null = null;
  private readonly face = new Container();
  /** Grows the face about its centre when the board is scaled so small that the button would be under a fingertip. */
  private readonly grow = new Container();
  private iconView: Container | null = null;
  private opts: ButtonOptions;
  /** CSS pixels one of its units measures, where its layout says so (else its label is taken to read as it is). */
  private cssPerUnit = Number.POSITIVE_INFINITY;
  /** The label's words, whichever lines they are drawn on. */
  private words: string;

  constructor(opts: ButtonOptions) {
    super();
    this.opts = opts;
    this.words = opts.text ?? '';
    this.id = opts.id;
    this.grow.position.set(opts.width / 2, opts.height / 2);
    this.grow.addChild(this.face);
    this.addChild(this.grow);
    this.onRender = () => this.keepTouchSize();
    this.face.addChild(this.background(opts));
    if (opts.icon) this.setIcon(opts.icon);
    if (opts.text !== undefined) {
      this.text = label(opts.text, opts.height * 0.4, 'button');
      this.face.addChild(this.text);
      this.fitText();
    }
    this.eventMode = 'static';
    this.cursor = 'pointer';
    this.accessible = true;
    this.accessibleType = 'button';
    this.accessibleTitle = opts.text ?? opts.id;
    this.on('pointerdown', () => this.enabled && tweenTo(this.face.scale, { x: 0.94, y: 0.94 }, { duration: 0.08 }));
    this.on('pointerup', () => tweenTo(this.face.scale, { x: 1, y: 1 }, { duration: 0.12 }));
    this.on('pointerupoutside', () => tweenTo(this.face.scale, { x: 1, y: 1 }, { duration: 0.12 }));
    this.on('pointertap', () => this.press());
    Button.all.add(this);
    this.on('destroyed', () => Button.all.delete(this));
  }

  /**
   * Keeps the button at least TOUCH_MIN_CSS on screen each way: the scales above it (the board's, a panel's) are read
   * at each frame, so a button laid out anywhere, at any window size, stays a fingertip's size.
   */
  private keepTouchSize(): void {
    let s = 1;
    for (let n: Container | null = this; n; n = n.parent) s *= Math.abs(n.scale.y);
    const side = Math.min(this.opts.width, this.opts.height) * s;
    const k = side > 0 ? Math.max(1, TOUCH_MIN_CSS / side) : 1;
    if (Math.abs(this.grow.scale.x - k) > 1e-3) this.grow.scale.set(k);
  }

  /** What a tap, Enter or Space does. */
  press(): void {
    if (!this.enabled) return;
    tweenFromTo(this.face.scale, { x: 0.92, y: 0.92 }, { x: 1, y: 1 }, { duration: 0.25, ease: eases.backOut(3) });
    this.opts.onTap();
  }

  setText(text: string): void {
    if (!this.text) return;
    this.words = text;
    this.fitText();
    this.accessibleTitle = text;
  }

  /**
   * A new size for the button (its layout changed): the face is redrawn, the label refitted. `cssPerUnit`: the size
   * of one of its units on screen, so that a label too narrowed to read can go on two lines.
   */
  resizeTo(width: number, height: number, cssPerUnit = this.cssPerUnit): void {
    if (width === this.opts.width && height === this.opts.height && cssPerUnit === this.cssPerUnit) return;
    this.cssPerUnit = cssPerUnit;
    this.opts = { ...this.opts, width, height };
    this.grow.position.set(width / 2, height / 2);
    this.face.removeChildAt(0).destroy({ children: true, context: true });
    this.face.addChildAt(this.background(this.opts), 0);
    if (this.text) {
      this.text.style.fontSize = height * 0.4;
      this.fitText();
    }
  }

  /**
   * The label narrowed to the button's width; where that leaves it too small to read (under READ_MIN_CSS), on the
   * two lines that read largest instead (a button of a phone's row, narrow for its words). No line starts with a dash
   * or a stop.
   */
  private fitText(): void {
    const t = this.text;
    if (!t) return;
    const { width, height } = this.opts;
    const room = width * 0.86;
    const size = height * 0.4;
    t.text = this.words;
    fitWidth(t, room);
    if (reads(size * t.scale.x, this.cssPerUnit)) return;
    const words = this.words;
    let best = { text: words, scale: t.scale.x };
    t.style.lineHeight = size * 1.05;
    for (let at = words.indexOf(' '); at > 0; at = words.indexOf(' ', at + 1)) {
      if (/^[—–·:;!?]/.test(words.slice(at + 1))) continue;
      t.text = `${words.slice(0, at)}\n${words.slice(at + 1)}`;
      fitWidth(t, room);
      // Both lines inside the face's height too.
      const scale = Math.min(t.scale.x, (height * 0.86) / Math.max(1, t.height / t.scale.y));
      if (scale > best.scale) best = { text: t.text, scale };
    }
    t.text = best.text;
    t.scale.set(best.scale);
  }

  setIcon(icon: ArtName): void {
    this.iconView?.destroy();
    const v = art(icon);
    const s = (Math.min(this.opts.width, this.opts.height) * 0.62) / Math.max(v.width, v.height, 1);
    v.scale.set(s);
    v.position.set(-v.width / 2, -v.height / 2);
    this.iconView = v;
    this.face.addChild(v);
  }

  setLabel(title: string): void {
    this.accessibleTitle = title;
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.alpha = enabled ? 1 : 0.5;
    this.cursor = enabled ? 'pointer' : 'default';
  }

  private background(o: ButtonOptions): Container {
    const { width: w, height: h } = o;
    const round = !o.text;
    const t = texture('button');
    if (t && !round && o.tone !== 'plain') {
      // The art's rounded ends stay round: a nine-slice at the art's height, scaled uniformly to the button's.
      const th = t.height;
      const k = h / th;
      const ns = new NineSliceSprite({
        texture: t,
        leftWidth: th / 2,
        rightWidth: th / 2,
        topHeight: th / 2 - 1,
        bottomHeight: th / 2 - 1,
      });
      ns.width = w / k;
      ns.height = th;
      ns.scale.set(k);
      ns.position.set(-w / 2, -h / 2);
      if (o.tone === 'green') ns.tint = 0x9dff7a;
      return ns;
    }
    const [top, bottom, edge] = TONES[o.tone ?? (round ? 'plain' : 'gold')];
    const fill = verticalGradient(top, bottom);
    const g = new Graphics();
    const r = round ? Math.min(w, h) / 2 : h / 2;
    g.roundRect(-w / 2 + 2, -h / 2 + 8, w - 4, h - 4, r).fill({ color: 0x000000, alpha: 0.25 });
    g.roundRect(-w / 2, -h / 2, w, h - 4, r)
      .fill(fill)
      .stroke({ width: Math.max(4, h * 0.06), color: edge });
    g.roundRect(-w / 2 + h * 0.18, -h / 2 + h * 0.1, w - h * 0.36, h * 0.28, h * 0.14).fill({
      color: 0xffffff,
      alpha: 0.3,
    });
    return g;
  }
}
