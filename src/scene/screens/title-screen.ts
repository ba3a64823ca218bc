import { Container, Graphics, type Text } from 'pixi.js';
import { fitted } from '../art';
import { texture } from '../assets';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { eases, tweenFrom, tweenTo } from '../tween';
import { Button } from '../views/button';
import type { Screen } from './screen';

export interface TitleActions {
  readonly buy: () => void;
  readonly topUp: () => void;
  /** « Scanner mon ticket »: a printed ticket's code, on a kiosk. */
  readonly scan?: () => void;
}

/** The title: the logo, the buy button (2 €), the demo credit top-up when the balance is too low, and notices. */
export class TitleScreen implements Screen {
  readonly id = 'title' as const;
  readonly view = new Container();
  readonly buy: Button;
  readonly topUp: Button;
  /** « Scanner mon ticket » (kiosks): in the buy button's place, the buy button then under it. */
  readonly scan: Button;
  private logo: Container | null = null;
  private readonly logoText: Text = label('', 110, 'title', { wordWrap: true, wordWrapWidth: 1000 });
  /** « Jusqu'à 30 000 € à gagner ! » under the logo. */
  private readonly prize: Text = label('', 64, 'gold');
  /** A dark plate behind the top prize: it reads over the fence and the sky alike. */
  private readonly prizePlate = new Graphics();
  private readonly message: Text = label('', 34, 'light', { wordWrap: true, wordWrapWidth: 1300, breakWords: true });
  private hen: Container | null = null;
  private egg: Container | null = null;
  private layoutNow: Layout | null = null;
  private entering: Promise<void> = Promise.resolve();

  constructor(a: TitleActions) {
    this.buy = new Button({ id: 'buy', width: 600, height: 140, text: '', tone: 'gold', onTap: a.buy });
    this.topUp = new Button({ id: 'topUp', width: 600, height: 110, text: '', tone: 'green', onTap: a.topUp });
    this.scan = new Button({
      id: 'scan',
      width: 600,
      height: 140,
      text: '',
      tone: 'gold',
      onTap: a.scan ?? (() => undefined),
    });
    this.scan.visible = false;
    this.view.addChild(this.logoText, this.prizePlate, this.prize, this.buy, this.topUp, this.scan, this.message);
  }

  setTexts(title: string, buy: string, topUp: string, topPrize = ''): void {
    this.logoText.text = title;
    this.prize.text = topPrize;
    if (this.layoutNow) this.placePrize(this.layoutNow);
    this.buy.setText(buy);
    this.topUp.setText(topUp);
  }

  /** Notices (bad parameters, balance too low); the top-up button shows only when the balance is too low. */
  setNotices(lines: readonly string[], showTopUp: boolean): void {
    this.message.text = lines.join('\n');
    this.topUp.visible = showTopUp;
    this.placeButtons();
    if (this.layoutNow) this.placeMessage(this.layoutNow);
  }

  /** Offers « Scanner mon ticket » (its words) or not (null). */
  setScan(text: string | null): void {
    this.scan.visible = text !== null;
    if (text !== null) this.scan.setText(text);
    this.placeButtons();
    if (this.layoutNow) this.placeMessage(this.layoutNow);
  }

  /**
   * The buy button in its slot; with « Scanner mon ticket » offered, the scan takes that slot and the buy goes to the
   * top-up's (the top-up, when the balance is too low, then stands in for the buy, which could not sell anyway).
   */
  private placeButtons(): void {
    const l = this.layoutNow;
    if (!l) return;
    const t = l.title;
    this.scan.scale.set(t.buy.width / 600);
    this.scan.position.set(t.buy.x, t.buy.y);
    if (this.scan.visible) {
      this.buy.scale.set(t.topUp.width / 600);
      this.buy.position.set(t.topUp.x, t.topUp.y);
      this.buy.visible = !this.topUp.visible;
    } else {
      this.buy.scale.set(t.buy.width / 600);
      this.buy.position.set(t.buy.x, t.buy.y);
      this.buy.visible = true;
    }
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    const t = l.title;
    this.logo?.destroy();
    this.logo = null;
    if (texture('logo')) {
      this.logo = fitted('logo', t.logo.width, t.logo.height);
      this.logo.position.set(t.logo.x + t.logo.width / 2, t.logo.y + t.logo.height / 2);
      this.view.addChildAt(this.logo, 0);
      this.logoText.visible = false;
    } else {
      this.logoText.visible = true;
      this.logoText.style.wordWrapWidth = t.logo.width;
      this.logoText.position.set(t.logo.x + t.logo.width / 2, t.logo.y + t.logo.height / 2);
    }
    // The buttons are built 600 wide; scaled uniformly to their slot.
    this.placeButtons();
    this.topUp.scale.set(t.topUp.width / 600);
    this.topUp.position.set(t.topUp.x, t.topUp.y);
    if (this.hen) dispose(this.hen);
    if (this.egg) dispose(this.egg);
    // The hen at the left end of her strip, the golden egg at its right end, each as tall as the strip.
    const hero = t.hero;
    this.hen = fitted('hen', hero.height, hero.height);
    this.egg = fitted('egg-gold', hero.height * 0.8, hero.height * 0.85);
    this.hen.position.set(hero.x + hero.height / 2, hero.y + hero.height / 2);
    this.egg.position.set(hero.x + hero.width - hero.height * 0.4, hero.y + hero.height / 2);
    this.view.addChild(this.hen, this.egg);
    tweenTo(this.egg, { y: this.egg.y - 16 }, { duration: 1.1, yoyo: true, repeat: -1, ease: eases.sineInOut });
    tweenTo(this.hen, { rotation: 0.05 }, { duration: 0.9, yoyo: true, repeat: -1, ease: eases.sineInOut });
    this.placeMessage(l);
    this.placePrize(l);
  }

  private placePrize(l: Layout): void {
    const r = l.title.prize;
    // Larger in portrait, where it has the width of the screen to itself.
    this.prize.style.fontSize = l.orientation === 'landscape' ? 64 : 96;
    this.prize.position.set(r.x + r.width / 2, r.y + r.height / 2);
    fitWidth(this.prize, r.width - 80);
    if (this.prize.height > r.height) this.prize.scale.set((this.prize.scale.x * r.height) / this.prize.height);
    this.prizePlate.clear();
    if (this.prize.text === '') return;
    const w = this.prize.width + 70;
    const h = this.prize.height + 16;
    this.prizePlate
      .roundRect(r.x + (r.width - w) / 2, r.y + (r.height - h) / 2, w, h, h / 2)
      .fill({ color: 0x3a2410, alpha: 0.72 })
      .stroke({ width: 4, color: 0xf5c542, alpha: 0.9 });
  }

  /**
   * The notices hang from just under the buttons and shrink to the room left above the bottom edge; in portrait they
   * sit at the foot of the screen (the buy button stays where a thumb rests, the lines read as the small print).
   */
  private placeMessage(l: Layout): void {
    const t = l.title;
    // Under the top-up's slot when something stands there (the top-up, or the buy moved down by « Scanner mon ticket »).
    const top = this.topUp.visible || this.scan.visible ? t.message.y : t.topUp.y + 10;
    const foot = l.design.height - 16;
    const room = foot - top;
    const wide = l.orientation === 'landscape';
    const width = Math.min(t.message.width, wide ? 1100 : 960);
    this.message.anchor.set(0.5, 0);
    this.message.scale.set(1);
    this.message.style.wordWrapWidth = width;
    this.message.position.set(t.message.x + t.message.width / 2, top);
    if (this.message.height > room) this.message.scale.set(room / this.message.height);
    else if (!wide) this.message.y = foot - 20 - this.message.height;
  }

  /**
   * The entrance plays while the title already takes input: the buy button is where a tap lands from the first frame
   * (it rises 60 units into place and fades in, over its own hit area).
   */
  async show(): Promise<void> {
    this.view.alpha = 1;
    const logo = this.logo;
    if (logo)
      tweenFrom(
        logo.scale,
        { x: 0.6 * logo.scale.x, y: 0.6 * logo.scale.y },
        { duration: 0.5, ease: eases.backOut(2) },
      );
    this.entering = tweenFrom(
      this.buy,
      { alpha: 0, y: this.buy.y + 60 },
      { duration: 0.35, delay: logo ? 0.1 : 0 },
    ).finished;
  }

  /** Settles when the entrance last started has played to its end (it never holds input back). */
  get entered(): Promise<void> {
    return this.entering;
  }

  async hide(): Promise<void> {
    await tweenTo(this.view, { alpha: 0 }, { duration: 0.25 }).finished;
  }
}
