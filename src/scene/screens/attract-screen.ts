import gsap from 'gsap';
import { Container, Graphics, type Text } from 'pixi.js';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { AttractBanner } from '../views/attract-banner';
import { AttractFinger } from '../views/attract-finger';
import { AttractHowTo } from '../views/attract-howto';
import { AttractPrizes, type AttractPrizesContent } from '../views/attract-prizes';
import { AttractTitleCard } from '../views/attract-title-card';
import { BurnInDrift } from '../views/burn-in-drift';
import { DemoBadge } from '../views/hud';

export type AttractSceneName = 'title' | 'howto' | 'demo' | 'prizes';

export interface AttractTexts {
  readonly title: string;
  /** « Jusqu'à 30 000 € à gagner ! », under the logo. */
  readonly topPrize?: string;
  readonly touch: string;
  readonly touchOther: string;
  readonly caption: string;
  readonly badge: string;
  readonly howToHeading: string;
  readonly howTo: readonly [string, string, string];
  readonly prizes: AttractPrizesContent;
  /** Bad settings, named (shown at the bottom for the whole loop). */
  readonly problems: readonly string[];
}

/**
 * The attract loop's layer, over every screen while the loop runs: one scene at a time (the title, how to play, the
 * demo ticket, the prize table) under a banner that never leaves — « Touchez pour jouer » — and the « DÉMO » badge.
 * The banner, the badge, the title and the notices drift slowly against burn-in. It shows; the app decides.
 */
export class AttractScreen {
  readonly view = new Container();
  readonly finger = new AttractFinger();
  readonly badge = new DemoBadge();
  readonly banner = new AttractBanner();
  readonly drift = new BurnInDrift();
  private readonly titleCard = new AttractTitleCard();
  private readonly howTo = new AttractHowTo();
  private readonly prizes = new AttractPrizes();
  private readonly problemBox = new Container();
  private readonly problemBg = new Graphics();
  private readonly problemText: Text = label('', 30, 'light', { wordWrap: true, wordWrapWidth: 1600 });
  private scene: AttractSceneName | null = null;
  private layoutNow: Layout | null = null;

  constructor(private readonly demo: Container) {
    this.problemBox.addChild(this.problemBg, this.problemText);
    this.view.addChild(
      this.titleCard,
      this.howTo,
      this.prizes,
      this.demo,
      this.finger,
      this.banner,
      this.badge,
      this.problemBox,
    );
    for (const s of this.scenes()) s.visible = false;
    this.view.visible = false;
    this.view.eventMode = 'none';
    this.drift.add(this.titleCard, 12, 300);
    this.drift.add(this.banner, 10, 420);
    this.drift.add(this.badge, 8, 360);
    this.drift.add(this.problemBox, 8, 380);
  }

  get current(): AttractSceneName | null {
    return this.view.visible ? this.scene : null;
  }

  setTexts(t: AttractTexts): void {
    this.titleCard.setTitle(t.title, t.topPrize ?? '');
    this.banner.setTexts(t.touch, t.touchOther, t.caption);
    this.badge.setText(t.badge);
    this.howTo.setTexts(t.howToHeading, t.howTo);
    this.prizes.setContent(t.prizes);
    this.problemText.text = t.problems.join('\n');
    this.problemBox.visible = t.problems.length > 0;
    if (this.layoutNow) this.resize(this.layoutNow);
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    const { width: w, height: h } = l.design;
    const wide = l.orientation === 'landscape';
    const badge = wide ? { x: 40, y: 22, width: 190, height: 80 } : { x: 30, y: 26, width: 170, height: 80 };
    this.badge.resize({ ...l, badge });
    this.placeBanner(l);
    this.titleCard.resize(l);
    this.howTo.resize(l);
    this.prizes.resize(l);
    this.problemText.style.wordWrapWidth = w * 0.85;
    this.problemText.position.set(w / 2, 0);
    fitWidth(this.problemText, w * 0.9);
    const b = this.problemText.getLocalBounds();
    const pw = Math.min(w * 0.94, this.problemText.width + 40);
    const ph = Math.abs(b.height * this.problemText.scale.y) + 24;
    this.problemBg
      .clear()
      .roundRect(w / 2 - pw / 2, -ph / 2, pw, ph, 18)
      .fill({ color: 0x8a1020, alpha: 0.9 });
    this.problemBox.position.set(0, h - ph / 2 - 14);
  }

  /**
   * « Touchez pour jouer »: a strip beside the badge over the busy scenes; in portrait on the title, a large card in
   * the lower part of the screen (where the grass would be empty), never a thin strip against the top edge. A tall
   * phone's board leaves room under the how-to cards and the prize table too: the large card goes there.
   */
  private placeBanner(l: Layout): void {
    const { width: w, height: h } = l.design;
    const wide = l.orientation === 'landscape';
    if (!wide && (this.scene === 'title' || this.scene === null)) {
      this.banner.place({ x: 60, y: h * 0.73, width: w - 120, height: 340 });
      return;
    }
    const content = this.scene === 'howto' ? this.howTo : this.scene === 'prizes' ? this.prizes : null;
    // Below the content, above the foot where a problem's notice sits.
    const room = content && !wide ? h - content.foot(l) - 60 - BANNER_FOOT : 0;
    if (room >= 240) {
      const height = Math.min(340, room);
      this.banner.place({ x: 60, y: h - BANNER_FOOT - height - (room - height) / 2, width: w - 120, height });
      return;
    }
    const left = (wide ? 40 + 190 : 30 + 170) + 24;
    this.banner.place({ x: left, y: 8, width: w - left - 30, height: 118 });
  }

  /** The loop's layer comes up (over every screen). */
  open(): void {
    this.view.visible = true;
    this.view.alpha = 1;
  }

  /** The layer goes at once: a touch leaves the loop without waiting for an animation. */
  close(): void {
    this.finger.hide();
    this.view.visible = false;
    for (const s of this.scenes()) {
      gsap.killTweensOf(s);
      s.visible = false;
      s.alpha = 1;
    }
    this.scene = null;
  }

  /** Cross-fades to `next`; resolves once it is on screen. */
  async showScene(next: AttractSceneName, howToEach = 1): Promise<void> {
    const old = this.scene ? this.viewOf(this.scene) : null;
    const view = this.viewOf(next);
    this.scene = next;
    this.finger.hide();
    if (this.layoutNow) this.placeBanner(this.layoutNow);
    if (old && old !== view) {
      await gsap.to(old, { alpha: 0, duration: 0.3 });
      old.visible = false;
    }
    // The cards are hidden before the fade, then come in one by one.
    const cards = next === 'howto' ? this.howTo.play(howToEach) : null;
    view.visible = true;
    await gsap.fromTo(view, { alpha: 0 }, { alpha: 1, duration: 0.3 });
    if (cards) await cards;
  }

  private viewOf(s: AttractSceneName): Container {
    return s === 'title' ? this.titleCard : s === 'howto' ? this.howTo : s === 'prizes' ? this.prizes : this.demo;
  }

  private scenes(): Container[] {
    return [this.titleCard, this.howTo, this.prizes, this.demo];
  }
}

/** Design units kept free at the foot of a portrait screen under a low « Touchez pour jouer » (a problem's notice). */
const BANNER_FOOT = 140;
