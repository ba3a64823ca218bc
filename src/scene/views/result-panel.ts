import { Container, Graphics, type Text } from 'pixi.js';
import gsap from 'gsap';
import { fitted } from '../art';
import type { Layout } from '../layout';
import { dispose } from '../dispose';
import { fitWidth, label } from '../text';
import { Button } from './button';
import { celebrate } from './celebration';
import { panel } from './panel';

export interface ResultTexts {
  readonly title: string;
  readonly line: string;
  readonly amount: (cents: number) => string;
  readonly playAgain: string;
  readonly home: string;
}

/** The end of a ticket: a celebration that grows with the prize, or a kind word; then « Rejouer ». */
export class ResultPanel extends Container {
  readonly playAgain: Button;
  readonly home: Button;
  /** The demo top-up, offered when the balance cannot pay the next ticket. */
  readonly topUp: Button;
  private readonly dim = new Graphics();
  private readonly card = new Container();
  private readonly particles = new Container();
  private readonly title: Text = label('', 110, 'title');
  private readonly line: Text = label('', 44, 'dark', { wordWrap: true, wordWrapWidth: 800 });
  private readonly amount: Text = label('', 150, 'gold');
  private picture: Container | null = null;
  private layoutNow: Layout | null = null;
  private won = false;
  private party: gsap.core.Timeline | null = null;
  /** Gold rays turning slowly behind the egg of a win. */
  private readonly rays = sunburst();
  private spin: gsap.core.Tween | null = null;

  /** Why « Rejouer » is greyed (the balance cannot pay a ticket), or null when it can. */
  private broke: string | null = null;
  /** The result's own line, put back when the balance can pay again. */
  private lineText = '';

  constructor(onPlayAgain: () => void, onHome: () => void, onTopUp: () => void = () => undefined) {
    super();
    this.playAgain = new Button({ id: 'playAgain', width: 520, height: 130, text: '', tone: 'green', onTap: onPlayAgain });
    this.topUp = new Button({ id: 'resultTopUp', width: 520, height: 110, text: '', tone: 'gold', onTap: onTopUp });
    this.topUp.visible = false;
    this.home = new Button({ id: 'home', width: 320, height: 100, text: '', tone: 'plain', onTap: onHome });
    this.dim.eventMode = 'static';
    // Over the card (a party all over the screen), never in the way of a tap on « Rejouer ».
    this.particles.eventMode = 'none';
    this.addChild(this.dim, this.card, this.particles);
    this.visible = false;
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.dim.clear().rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale).fill({ color: 0x10200c, alpha: 0.55 });
    const p = l.panel;
    const w = Math.min(p.width, 1100);
    const h = l.orientation === 'landscape' ? 820 : 1100;
    const x = p.x + (p.width - w) / 2;
    const y = p.y + (p.height - h) / 2;
    // The old panel goes for good (Pixi's GC would free it only a minute later); the card's lasting parts stay.
    const lasting = new Set<Container>([this.rays, this.title, this.amount, this.line, this.playAgain, this.home, this.topUp]);
    for (const old of this.card.removeChildren()) if (!lasting.has(old) && old !== this.picture) dispose(old);
    this.picture?.destroy();
    this.picture = fitted(this.won ? 'egg-gold' : 'hen', 220, 220);
    this.card.addChild(panel(w, h, { radius: 60 }), this.rays, this.picture, this.title, this.amount, this.line, this.playAgain, this.home, this.topUp);
    this.card.position.set(x, y);
    this.card.pivot.set(0, 0);
    const cx = w / 2;
    const wide = l.orientation === 'landscape';
    this.title.position.set(cx, 100);
    fitWidth(this.title, w * 0.9);
    this.picture.scale.set(this.picture.scale.x * (wide ? 0.8 : 1));
    this.picture.position.set(cx, wide ? 265 : 320);
    this.rays.position.copyFrom(this.picture.position);
    this.rays.visible = this.won;
    this.rays.scale.set(wide ? 0.75 : 1);
    this.amount.position.set(cx, wide ? 430 : 540);
    this.amount.visible = this.won;
    this.line.style.wordWrapWidth = w * 0.84;
    this.line.position.set(cx, this.won ? (wide ? 530 : 650) : wide ? 470 : 560);
    const by = h - 190;
    if (l.orientation === 'landscape') {
      this.playAgain.position.set(cx - 520 + 120, by);
      this.home.position.set(cx + 160, by + 15);
    } else {
      this.playAgain.position.set(cx - 260, h - 330);
      this.home.position.set(cx - 160, h - 170);
    }
    // Short of a ticket's price: the reason takes the kind word's place, the top-up sits above the greyed « Rejouer ».
    this.topUp.position.set(cx - 260, (wide ? by : h - 330) - 140);
    this.placeBroke();
  }

  /**
   * The balance cannot pay another ticket (`reason`, one line) or can again (null): « Rejouer » is greyed and the
   * demo top-up offered in its `topUpText`.
   */
  setBroke(reason: string | null, topUpText: string): void {
    this.broke = reason;
    this.topUp.setText(topUpText);
    this.placeBroke();
  }

  private placeBroke(): void {
    const broke = this.broke !== null && !this.won;
    this.playAgain.setEnabled(!broke);
    this.topUp.visible = broke;
    const l = this.layoutNow;
    if (!l) return;
    const wide = l.orientation === 'landscape';
    const w = Math.min(l.panel.width, 1100);
    if (broke) {
      this.line.text = this.broke!;
      this.line.style.wordWrap = false;
      fitWidth(this.line, w * 0.88);
      this.line.y = wide ? 410 : 560;
    } else {
      this.line.text = this.lineText;
      this.line.style.wordWrap = true;
      this.line.scale.set(1);
      this.line.y = this.won ? (wide ? 530 : 650) : wide ? 470 : 560;
    }
  }

  /** Shows the result; resolves once the amount has counted up (the party goes on by itself). */
  show(won: boolean, prizeCents: number, x: ResultTexts): gsap.core.Timeline {
    this.won = won;
    this.visible = true;
    this.title.text = x.title;
    this.lineText = x.line;
    this.line.text = x.line;
    this.playAgain.setText(x.playAgain);
    this.home.setText(x.home);
    if (this.layoutNow) this.resize(this.layoutNow);
    this.amount.text = x.amount(0);
    fitWidth(this.amount, 900);
    const tl = gsap.timeline();
    tl.fromTo(this.dim, { alpha: 0 }, { alpha: 1, duration: 0.3 });
    tl.fromTo(this.card, { alpha: 0, y: this.card.y + 120 }, { alpha: 1, y: this.card.y, duration: 0.45, ease: 'back.out(1.6)' }, '<');
    if (won && this.layoutNow) {
      const l = this.layoutNow;
      const origin = { x: this.card.x + this.amount.x, y: this.card.y + this.amount.y };
      const party = celebrate(this.particles, l.design.width, l.design.height, prizeCents, origin);
      this.party = party;
      tl.add(() => void party.play(), '<');
      this.spin?.kill();
      this.spin = gsap.fromTo(this.rays, { rotation: 0 }, { rotation: Math.PI * 2, duration: 14, repeat: -1, ease: 'none' });
      party.pause();
      const counter = { v: 0 };
      tl.to(counter, {
        v: prizeCents,
        duration: Math.min(2.4, 0.6 + Math.log10(Math.max(10, prizeCents)) * 0.35),
        ease: 'power2.out',
        onUpdate: () => {
          this.amount.text = x.amount(Math.round(counter.v / 100) * 100 === prizeCents ? prizeCents : Math.round(counter.v));
          fitWidth(this.amount, 900);
        },
        onComplete: () => {
          this.amount.text = x.amount(prizeCents);
          fitWidth(this.amount, 900);
        },
      });
      // The pop once counted (not during the count: a fromTo in a timeline shows its start at once, over the line).
      tl.fromTo(
        this.amount.scale,
        { x: this.amount.scale.x * 1.3, y: this.amount.scale.y * 1.3 },
        { x: this.amount.scale.x, y: this.amount.scale.y, duration: 0.4, ease: 'back.out(3)', immediateRender: false },
      );
    }
    return tl;
  }

  hide(): void {
    this.visible = false;
    this.party?.kill();
    this.party = null;
    this.spin?.kill();
    this.spin = null;
    for (const c of [...this.particles.children]) dispose(c);
  }
}

/** Twelve soft gold wedges around a point (drawn, no art). */
function sunburst(): Graphics {
  const g = new Graphics();
  const r = 260;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const b = a + Math.PI / 14;
    g.moveTo(0, 0).lineTo(Math.cos(a) * r, Math.sin(a) * r).lineTo(Math.cos(b) * r, Math.sin(b) * r).closePath();
  }
  g.fill({ color: 0xffd23f, alpha: 0.28 });
  g.circle(0, 0, 120).fill({ color: 0xfff3b0, alpha: 0.45 });
  return g;
}
