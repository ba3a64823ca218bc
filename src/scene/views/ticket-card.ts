import gsap from 'gsap';
import { Container, Graphics, type Renderer, type Text } from 'pixi.js';
import { art } from '../art';
import { type Rect, readableUnits, reads } from '../layout';
import { fitWidth, label } from '../text';
import { ScratchZone } from './scratch-zone';

export interface TicketTexts {
  readonly heading: string;
  readonly serial: string;
  readonly a1Label: string;
  readonly a2Label: string;
  /** Shorter labels, for a card too small on screen to read the whole ones. */
  readonly a1Short: string;
  readonly a2Short: string;
}

/** ticket.svg's own plan (900×360): header band, scratch zone, and the two amount boxes under it. */
const CARD = { width: 900, height: 360 };
const HEADER = { x: 450, y: 66 };
const ZONE = { x: 70, y: 130 };
const BOX_A1 = { x: 70, w: 370 };
const BOX_A2 = { x: 460, w: 370 };
const BOX_Y = 130;
const BOX_H = 200;
const SERIAL_STRIP = { top: 110, bottom: 128 };
/** The heading's and the amount labels' sizes as drawn, in the card's units (larger where the card is small on screen). */
const HEADING_SIZE = 50;
const LABEL_SIZE = 34;
/** A label's width in its box (a little inside it). */
const LABEL_ROOM = BOX_A1.w * 0.9;

/**
 * The ticket, drawn in ticket.svg's units and scaled uniformly into place: large in the middle while it is
 * scratched, docked beside the farmyard afterwards. Its amounts come from the core's reveal, never before.
 */
export class TicketCard extends Container {
  readonly scratch: ScratchZone;
  private readonly heading: Text = label('', HEADING_SIZE, 'title');
  private readonly serial: Text = label('', 17, 'dark', { fontWeight: '700' });
  private readonly glow = new Graphics();
  private readonly a1Label: Text = label('', LABEL_SIZE, 'dark');
  private readonly a2Label: Text = label('', LABEL_SIZE, 'dark');
  private texts: TicketTexts | null = null;
  /** CSS pixels a card unit measures where the card is placed (or going): what a text of it reads at. */
  private cssPerUnit = 1;
  private readonly a1: Text = label('', 92, 'gold');
  private readonly a2: Text = label('', 92, 'gold');

  constructor(
    renderer: Renderer,
    onScratched: () => void,
    onScratch: () => void,
    onStarted: () => void = () => undefined,
  ) {
    super();
    this.scratch = new ScratchZone(renderer, onScratched, onScratch, onStarted);
    this.scratch.position.set(ZONE.x, ZONE.y);
    const boxes = new Graphics();
    for (const b of [BOX_A1, BOX_A2])
      boxes.roundRect(b.x + 4, BOX_Y + 4, b.w - 8, BOX_H - 8, 20).fill({ color: 0xfffbea, alpha: 0.95 });
    this.a1Label.position.set(BOX_A1.x + BOX_A1.w / 2, BOX_Y + 44);
    this.a1.position.set(BOX_A1.x + BOX_A1.w / 2, BOX_Y + 125);
    this.a2Label.position.set(BOX_A2.x + BOX_A2.w / 2, BOX_Y + 44);
    this.a2.position.set(BOX_A2.x + BOX_A2.w / 2, BOX_Y + 125);
    this.heading.position.set(HEADER.x, HEADER.y);
    // In the paper's strip between the header band (ends y 108) and the amount boxes (start y 130), right-aligned
    // with the boxes: the card's frame and its bottom border stay clear.
    this.serial.anchor.set(1, 0.5);
    this.serial.position.set(BOX_A2.x + BOX_A2.w - 6, (SERIAL_STRIP.top + SERIAL_STRIP.bottom) / 2);
    this.addChild(
      art('ticket'),
      boxes,
      this.glow,
      this.a1Label,
      this.a1,
      this.a2Label,
      this.a2,
      this.scratch,
      this.heading,
      this.serial,
    );
    this.pivot.set(CARD.width / 2, CARD.height / 2);
  }

  /**
   * Puts the ticket, uniformly scaled, in the middle of `r` (design units, `cssPerDesignUnit` CSS pixels each);
   * animated when asked (docking after the reveal). Its words are sized for where it goes.
   */
  place(r: Rect, cssPerDesignUnit: number, animate = false): gsap.core.Timeline {
    const s = Math.min(r.width / CARD.width, r.height / CARD.height);
    this.cssPerUnit = s * cssPerDesignUnit;
    this.fitWords();
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    const tl = gsap.timeline();
    if (animate) {
      tl.to(this, { x, y, duration: 0.55, ease: 'power2.inOut' });
      tl.to(this.scale, { x: s, y: s, duration: 0.55, ease: 'power2.inOut' }, '<');
    } else {
      gsap.killTweensOf(this);
      gsap.killTweensOf(this.scale);
      this.position.set(x, y);
      this.scale.set(s);
    }
    return tl;
  }

  setTexts(x: TicketTexts): void {
    this.texts = x;
    this.fitWords();
    this.serial.text = x.serial;
    this.serial.scale.set(1);
    // Inside the strip whatever the language or the serial's length.
    const room = SERIAL_STRIP.bottom - SERIAL_STRIP.top;
    this.serial.scale.set(Math.min(1, room / Math.max(1, this.serial.height), 380 / Math.max(1, this.serial.width)));
  }

  /**
   * The heading and the labels at a size that reads where the card is (no smaller than drawn), the labels' whole
   * words where both still read once narrowed to their boxes, else their short ones (a phone's docked ticket).
   */
  private fitWords(): void {
    const x = this.texts;
    if (!x) return;
    this.heading.style.fontSize = readableUnits(HEADING_SIZE, this.cssPerUnit);
    this.heading.text = x.heading;
    fitWidth(this.heading, 640);
    const size = readableUnits(LABEL_SIZE, this.cssPerUnit);
    const labels = [this.a1Label, this.a2Label];
    for (const t of labels) {
      t.style.fontSize = size;
      t.scale.set(1);
    }
    this.a1Label.text = x.a1Label;
    this.a2Label.text = x.a2Label;
    if (labels.some((t) => !reads(size * Math.min(1, LABEL_ROOM / t.width), this.cssPerUnit))) {
      this.a1Label.text = x.a1Short;
      this.a2Label.text = x.a2Short;
    }
    for (const t of labels) fitWidth(t, LABEL_ROOM);
  }

  /** The serial printed on the card: shown while the card is large, left to the screen's own tag once docked. */
  showSerial(on: boolean): void {
    this.serial.visible = on;
  }

  /** A new ticket: amounts unknown (a « ? » under the foil until the core reveals them), a fresh cover. */
  reset(hint: string): void {
    this.glow.clear();
    gsap.killTweensOf([this.a1.scale, this.a2.scale]);
    this.a1.text = '?';
    this.a2.text = '?';
    this.a1.scale.set(1);
    this.a2.scale.set(1);
    this.scratch.reset(hint);
  }

  /** The amounts the core revealed, drawn under what is left of the foil: the rest of the rubbing uncovers them. */
  setAmounts(a1: string, a2: string): void {
    gsap.killTweensOf([this.a1.scale, this.a2.scale]);
    this.a1.text = a1;
    this.a2.text = a2;
    // A little under the box's width, so the greeting pulse below stays inside the box.
    fitWidth(this.a1, BOX_A1.w * 0.84);
    fitWidth(this.a2, BOX_A2.w * 0.84);
  }

  /** The amounts of a ticket already revealed, shown as they are (a resumed ticket). */
  showAmounts(a1: string, a2: string): void {
    this.setAmounts(a1, a2);
    this.scratch.hide();
  }

  /** Once uncovered: the amounts swell a little, inside their boxes (at most 1.07 × 0.84 of a box's width). */
  greetAmounts(): gsap.core.Timeline {
    const tl = gsap.timeline();
    for (const [t, at] of [
      [this.a1, 0],
      [this.a2, 0.12],
    ] as const) {
      const s = t.scale.x;
      tl.to(t.scale, { x: s * 1.07, y: s * 1.07, duration: 0.22, ease: 'sine.out', yoyo: true, repeat: 1 }, at);
    }
    return tl;
  }

  /** Lights up the box the prize came from. */
  highlight(prize: 'A1' | 'A2'): gsap.core.Tween {
    const b = prize === 'A1' ? BOX_A1 : BOX_A2;
    this.glow
      .clear()
      .roundRect(b.x - 6, BOX_Y - 6, b.w + 12, BOX_H + 12, 26)
      .stroke({ width: 14, color: 0xffe066 });
    return gsap.fromTo(this.glow, { alpha: 0 }, { alpha: 1, duration: 0.3, yoyo: true, repeat: 5 });
  }

  /** The scratch zone's rectangle in canvas coordinates, while it can be scratched. */
  scratchBounds(): { x: number; y: number; width: number; height: number } | null {
    if (!this.scratch.scratchable) return null;
    const a = this.scratch.toGlobal({ x: 0, y: 0 });
    const b = this.scratch.toGlobal({ x: 760, y: 200 });
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  }
}
