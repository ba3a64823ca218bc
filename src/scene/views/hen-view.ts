import gsap from 'gsap';
import { Container, Graphics, Rectangle, type Text } from 'pixi.js';
import type { Element } from '../../core';
import { art, artSize } from '../art';
import { readableUnits } from '../layout';
import { fitWidth, label } from '../text';

/** Where things sit in a hen's own 256×256 art units (hen.svg's viewBox; its nest is nest.svg at (16,156)). */
const NEST_AT = { x: 16, y: 156 };
const ELEMENT_AT = { x: 128, y: 176 };
const LIFT = 104;
/** The egg's ring, around the element's place: its top and bottom edges. */
const RING = { y: ELEMENT_AT.y - 4, rx: 100, ry: 64 };
/** « L'œuf était ici »: its size as drawn, and how wide it may run (a little past its cell, between the nests). */
const EGG_TAG_SIZE = 30;
const EGG_TAG_WIDTH = 300;

/**
 * One hen on her nest (the picture of one of the round's 30 cells). It shows only what it is told: `lift` with
 * the element the core drew. Drawn in art units; the board scales it to its cell.
 */
export class HenView extends Container {
  /** What a screen reader says for each element, in the current language (set by the app). */
  lifted = false;
  private readonly nest = art('nest');
  private readonly sitting = art('hen');
  private readonly flying = art('hen-lifted');
  private readonly henBox = new Container();
  private readonly elementBox = new Container();
  private readonly marks = new Container();
  private elementView: Container | null = null;
  /** CSS pixels one of her units measures on screen (her cell's scale): what her words read at. */
  private cssPerUnit = 1;
  /** « L'œuf était ici » once a lost round marked her egg, and whether she stands on the board's last row. */
  private eggTag: { readonly tag: Text; readonly lastRow: boolean } | null = null;
  private hover: gsap.core.Tween | null = null;

  constructor(
    readonly index: number,
    private readonly onTap: (hen: number) => void,
    /** What was under her, in words, for the screen reader's title (« œuf d'or »). */
    private readonly elementName: (e: Element) => string,
  ) {
    super();
    this.nest.position.set(NEST_AT.x, NEST_AT.y);
    this.henBox.pivot.set(128, 128);
    this.henBox.position.set(128, 128);
    this.flying.visible = false;
    this.henBox.addChild(this.sitting, this.flying);
    this.addChild(this.nest, this.elementBox, this.henBox, this.marks);
    this.eventMode = 'static';
    this.cursor = 'pointer';
    this.hitArea = new Rectangle(0, 0, 256, 256);
    this.accessible = true;
    this.accessibleType = 'button';
    this.on('pointertap', () => this.press());
    this.on('pointerover', () => this.wobble(true));
    this.on('pointerout', () => this.wobble(false));
  }

  /** A tap, or Enter on the focused hen: asks for this hen (the core decides what is under it). */
  press(): void {
    if (this.eventMode !== 'none') this.onTap(this.index);
  }

  /**
   * The hit area covers the whole cell, in art units around the hen's own square; `cssPerUnit` is the size of one of
   * those units on screen.
   */
  setCell(width: number, height: number, cssPerUnit: number): void {
    this.cssPerUnit = cssPerUnit;
    this.placeEggTag();
    this.hitArea = new Rectangle(128 - width / 2, 128 - height / 2, width, height);
  }

  /** The cell this hen answers taps in, in canvas coordinates. */
  cellBounds(): { x: number; y: number; width: number; height: number } {
    const h = this.hitArea as Rectangle;
    const a = this.toGlobal({ x: h.x, y: h.y });
    const b = this.toGlobal({ x: h.x + h.width, y: h.y + h.height });
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  }

  setActive(active: boolean): void {
    this.eventMode = active && !this.lifted ? 'static' : 'none';
    this.cursor = active ? 'pointer' : 'default';
  }

  /** The pick: the hen flies up off her nest and the element the core drew appears. */
  lift(element: Element, opts: { revealed?: boolean; delay?: number } = {}): gsap.core.Timeline {
    this.lifted = true;
    this.eventMode = 'none';
    this.wobble(false);
    const tl = gsap.timeline({ delay: opts.delay ?? 0 });
    const view = this.showElement(element, opts.revealed ?? false);
    tl.to(this.henBox.scale, { y: 0.88, x: 1.06, duration: 0.09, ease: 'power1.in' });
    tl.call(() => {
      this.sitting.visible = false;
      this.flying.visible = true;
      if (!opts.revealed) this.feathers();
    });
    tl.to(this.henBox.scale, { x: 0.8, y: 0.8, duration: 0.4, ease: 'back.out(2)' });
    tl.to(this.henBox, { y: 128 - LIFT, duration: 0.4, ease: 'power2.out' }, '<');
    tl.fromTo(
      view.scale,
      { x: 0, y: 0 },
      { x: view.scale.x, y: view.scale.y, duration: 0.35, ease: 'back.out(2.5)' },
      '<0.1',
    );
    // Then she flies off, so the element stays clear and never hides the row above.
    const away = gsap.timeline();
    away.to(this.henBox, { y: 128 - LIFT - 70, alpha: 0, duration: opts.revealed ? 0.3 : 0.4, ease: 'power1.in' });
    away.to(this.henBox.scale, { x: 0.55, y: 0.55, duration: 0.4, ease: 'power1.in' }, '<');
    tl.add(away, opts.revealed ? '<0.05' : '+=0.25');
    if (element === 'empty') tl.to(this.nest, { alpha: 0, duration: 0.2 }, '<');
    if (element === 'chick' && !opts.revealed)
      tl.to(view, { y: view.y - 24, duration: 0.14, yoyo: true, repeat: 3, ease: 'sine.out' });
    if (element === 'egg' && !opts.revealed) this.shine(tl);
    return tl;
  }

  /**
   * art. 3.2.6: the egg of a lost round, marked so the player sees where it was. Its words read on a phone: drawn no
   * smaller than 11 CSS px, on two lines if need be, then under the ring (where the hen below has flown off) or,
   * on the board's last row (`lastRow`), over it.
   */
  markEgg(text: string, lastRow: boolean): gsap.core.Timeline {
    const ring = new Graphics().ellipse(0, 0, RING.rx, RING.ry).stroke({ width: 10, color: 0xffd23f });
    ring.position.set(ELEMENT_AT.x, RING.y);
    const tag = label(text, EGG_TAG_SIZE, 'gold', { wordWrap: true, wordWrapWidth: EGG_TAG_WIDTH });
    this.eggTag = { tag, lastRow };
    this.placeEggTag();
    this.marks.addChild(ring, tag);
    const tl = gsap.timeline();
    tl.from(ring.scale, { x: 2, y: 2, duration: 0.4, ease: 'back.out(2)' });
    tl.from(tag, { alpha: 0, duration: 0.3 }, '<');
    gsap.to(ring, { alpha: 0.35, duration: 0.6, yoyo: true, repeat: -1, ease: 'sine.inOut' });
    this.elementView?.parent?.setChildIndex(this.elementView, this.elementBox.children.length - 1);
    this.henBox.alpha = 0.35;
    return tl;
  }

  /** The egg's words at a size that reads where the hen is drawn now, on one line or two (see `markEgg`). */
  private placeEggTag(): void {
    if (!this.eggTag) return;
    const { tag, lastRow } = this.eggTag;
    const size = readableUnits(EGG_TAG_SIZE, this.cssPerUnit);
    tag.style.fontSize = size;
    tag.style.lineHeight = size * 1.05;
    fitWidth(tag, EGG_TAG_WIDTH * 1.1);
    if (tag.height < size * 1.6) {
      tag.anchor.set(0.5);
      tag.position.set(128, 252);
    } else if (lastRow) {
      tag.anchor.set(0.5, 1);
      tag.position.set(128, RING.y - RING.ry - 4);
    } else {
      tag.anchor.set(0.5, 0);
      tag.position.set(128, RING.y + RING.ry + 4);
    }
  }

  /**
   * The player's own pick, numbered in the round's order: a gold token on the cell's corner, so a finished board
   * tells the picked hens from those the end of the round revealed.
   */
  markPicked(pick: number): void {
    const token = new Container();
    const disc = new Graphics().circle(0, 0, 34).fill(0xffd54a).stroke({ width: 7, color: 0x5a2d0c });
    // As large as the disc holds: on a phone sideways a cell is drawn at a quarter of its size (48 units: 11 CSS px).
    const n = label(String(pick), 48, 'dark');
    token.addChild(disc, n);
    token.position.set(46, 46);
    this.marks.addChild(token);
  }

  /** Puts the hen straight into a state (restoring a saved ticket): no animation. */
  setState(element: Element | null, revealed = false): void {
    if (!element) return;
    this.lift(element, { revealed }).progress(1);
  }

  private showElement(element: Element, revealed: boolean): Container {
    const name = element === 'egg' ? 'egg-gold' : element === 'chick' ? 'chick' : 'nest-empty';
    const v = art(name);
    const [w, h] = artSize(name); // known before the file arrives, unlike the sprite's own size
    const s = element === 'egg' ? 0.66 : element === 'chick' ? 0.78 : 1;
    v.pivot.set(w / 2, h / 2);
    v.scale.set(s);
    v.position.set(ELEMENT_AT.x, element === 'empty' ? ELEMENT_AT.y + 28 : ELEMENT_AT.y - 8);
    // Revealed by the round's end, not picked: a little faded (the picks also carry their number).
    if (revealed && element !== 'egg') v.alpha = 0.85;
    this.elementBox.addChild(v);
    this.elementView = v;
    this.accessibleTitle = `${this.accessibleTitle ?? ''} (${this.elementName(element)})`;
    return v;
  }

  private shine(tl: gsap.core.Timeline): void {
    const glow = new Graphics().circle(0, 0, 90).fill({ color: 0xfff3a0, alpha: 0.45 });
    glow.position.set(ELEMENT_AT.x, ELEMENT_AT.y - 10);
    const star = art('egg-shine');
    star.pivot.set(32, 32); // egg-shine.svg is 64×64
    star.position.set(ELEMENT_AT.x + 26, ELEMENT_AT.y - 48);
    this.elementBox.addChildAt(glow, 0);
    this.elementBox.addChild(star);
    tl.from(glow.scale, { x: 0, y: 0, duration: 0.5, ease: 'back.out(2)' }, '<');
    tl.from(star.scale, { x: 0, y: 0, duration: 0.4, ease: 'back.out(3)' }, '<0.2');
    gsap.to(star, { rotation: Math.PI, duration: 3, repeat: -1, ease: 'none' });
    gsap.to(glow, { alpha: 0.6, duration: 0.8, yoyo: true, repeat: -1, ease: 'sine.inOut' });
  }

  /** A few feathers puff out as she takes off (positions fixed per hen: cosmetic, not drawn at random). */
  private feathers(): void {
    for (let i = 0; i < 4; i++) {
      const f = art('feather');
      f.pivot.set(16, 16);
      f.scale.set(1.3);
      f.position.set(128, 120);
      f.rotation = i * 1.3 + this.index * 0.4;
      this.marks.addChild(f);
      const dx = [-80, 70, -40, 95][i]!;
      const dy = [-50, -70, 30, 10][i]!;
      gsap.to(f, { x: 128 + dx, y: 120 + dy, rotation: f.rotation + 2, duration: 0.7, ease: 'power2.out' });
      gsap.to(f, { alpha: 0, duration: 0.4, delay: 0.35, onComplete: () => f.destroy() });
    }
  }

  private wobble(on: boolean): void {
    this.hover?.kill();
    this.hover = null;
    if (on && !this.lifted && this.eventMode === 'static') {
      this.hover = gsap.to(this.henBox, { rotation: 0.06, duration: 0.18, yoyo: true, repeat: -1, ease: 'sine.inOut' });
    } else if (!this.lifted) {
      gsap.to(this.henBox, { rotation: 0, duration: 0.1 });
    }
  }
}
