import { Container, Graphics, type Text } from 'pixi.js';
import { art } from '../art';
import { dispose } from '../dispose';
import { type Layout, reads } from '../layout';
import { fitWidth, label } from '../text';
import { eases, tweenTo } from '../tween';
import { Button } from './button';
import { panel } from './panel';

export interface HudActions {
  readonly mute: () => void;
  readonly lang: () => void;
  readonly rules: () => void;
  readonly menu: () => void;
}

/** The balance's size as drawn, in design units (narrowed to its box). */
const BALANCE_SIZE = 40;

/** The header over every screen: the balance, and the mute, language, rules and menu buttons. */
export class Hud extends Container {
  readonly mute: Button;
  readonly lang: Button;
  readonly rules: Button;
  readonly menu: Button;
  private readonly balanceBox = new Container();
  private readonly balanceText: Text = label('', BALANCE_SIZE, 'light');
  private readonly coin = art('coin');
  private shownCents = 0;
  /** The balance's word and amount as last shown (the word left out where it would not read: see `writeBalance`). */
  private balanceWords = { word: '', amount: '' };
  /** CSS pixels a design unit measures now. */
  private cssPerUnit = 1;

  constructor(a: HudActions) {
    super();
    this.mute = new Button({ id: 'mute', width: 84, height: 84, icon: 'icon-sound-on', onTap: a.mute });
    this.lang = new Button({ id: 'lang', width: 84, height: 84, text: 'EN', tone: 'plain', onTap: a.lang });
    this.rules = new Button({ id: 'rules', width: 84, height: 84, icon: 'icon-rules', onTap: a.rules });
    this.menu = new Button({ id: 'menu', width: 84, height: 84, icon: 'icon-menu', onTap: a.menu });
    this.addChild(this.balanceBox, this.mute, this.lang, this.rules, this.menu);
  }

  resize(l: Layout): void {
    const b = l.balance;
    this.cssPerUnit = l.scale;
    for (const old of this.balanceBox.removeChildren()) if (old !== this.coin && old !== this.balanceText) dispose(old);
    this.balanceBox.position.set(b.x, b.y);
    const bg = panel(b.width, b.height, { radius: b.height / 2, tone: 'wood' });
    this.coin.scale.set((b.height * 0.7) / Math.max(this.coin.width / this.coin.scale.x, 1));
    this.coin.position.set(b.height * 0.18, b.height * 0.15);
    this.balanceText.anchor.set(0, 0.5);
    this.balanceText.position.set(b.height * 1.0, b.height / 2);
    this.balanceBox.addChild(bg, this.coin, this.balanceText);
    this.writeBalance(b.width - b.height * 1.2);
    for (const id of ['mute', 'lang', 'rules', 'menu'] as const) {
      const r = l.icons[id];
      this[id].position.set(r.x, r.y);
      // Built 84 wide; a phone's layout asks for larger icons (a fingertip's size).
      this[id].scale.set(r.width / 84);
    }
  }

  /** Shows or hides the balance (a phone playing a printed ticket has no wallet in play: it was paid at a counter). */
  showBalance(on: boolean): void {
    this.balanceBox.visible = on;
  }

  /** The balance, counted up to its new value when it grows (a prize paid). */
  setBalance(label: string, cents: number, format: (c: number) => string, animate = false): void {
    const widthMax = this.balanceBox.width > 0 ? this.balanceBox.width - 100 : 300;
    if (!animate || cents <= this.shownCents) {
      this.shownCents = cents;
      this.balanceWords = { word: label, amount: format(cents) };
      this.writeBalance(widthMax);
      return;
    }
    const from = { v: this.shownCents };
    this.shownCents = cents;
    // Each new string is a text drawn, measured and uploaded again: the count shows 12 steps, not one per frame.
    let step = -1;
    const tween = tweenTo(
      from,
      { v: cents },
      {
        duration: 1.2,
        ease: eases.power1Out,
        onUpdate: () => {
          const now = Math.min(12, Math.floor(tween.progress() * 12));
          if (now === step) return;
          step = now;
          this.balanceWords = { word: label, amount: format(now === 12 ? cents : Math.round(from.v)) };
          this.writeBalance(widthMax);
        },
      },
    );
  }

  /**
   * « Solde 18,00 € » narrowed to `widthMax`, or the amount alone beside its coin where the whole line would be
   * narrowed under a readable size (a phone on its side draws the header at a third of its size).
   */
  private writeBalance(widthMax: number): void {
    const { word, amount } = this.balanceWords;
    this.balanceText.text = word ? `${word} ${amount}` : amount;
    fitWidth(this.balanceText, widthMax);
    if (reads(BALANCE_SIZE * this.balanceText.scale.y, this.cssPerUnit)) return;
    this.balanceText.text = amount;
    fitWidth(this.balanceText, widthMax);
  }

  setMuted(muted: boolean, title: string): void {
    this.mute.setIcon(muted ? 'icon-sound-off' : 'icon-sound-on');
    this.mute.setLabel(title);
  }
}

/** « DÉMO », on screen at all times in demo mode (drawn, so it shows even before the art has loaded). */
export class DemoBadge extends Container {
  private readonly text: Text = label('DÉMO', 46, 'light');
  private readonly bg = new Graphics();

  constructor() {
    super();
    this.addChild(this.bg, this.text);
    tweenTo(this.bg, { alpha: 0.8 }, { duration: 0.9, yoyo: true, repeat: -1, ease: eases.sineInOut });
  }

  setText(t: string): void {
    this.text.text = t;
  }

  resize(l: Layout): void {
    const r = l.badge;
    this.bg
      .clear()
      .roundRect(0, 0, r.width, r.height, r.height / 2)
      .fill(0xd7263d)
      .stroke({ width: 6, color: 0xffffff });
    this.position.set(r.x, r.y);
    this.text.position.set(r.width / 2, r.height / 2);
    fitWidth(this.text, r.width * 0.85);
    // A phone's badge is a lower strip: the word shrinks to its height too.
    if (this.text.height > r.height * 0.85)
      this.text.scale.set((this.text.scale.x * r.height * 0.85) / this.text.height);
  }
}
