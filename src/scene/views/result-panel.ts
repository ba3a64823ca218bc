import gsap from 'gsap';
import { Container, Graphics, type Sprite, type Text } from 'pixi.js';
import { fitted } from '../art';
import { countingText } from '../counting-text';
import { dispose } from '../dispose';
import { fingertipUnits, type Layout } from '../layout';
import type { PartyRect } from '../party-size';
import { fitWidth, label } from '../text';
import { Button } from './button';
import { celebrate } from './celebration';
import { panel } from './panel';
import type { StillUnder } from './still-under';

export interface ResultTexts {
  readonly title: string;
  /** Why: « Œuf trouvé au 2e coup : gain A2 », or a plain « nothing won ». */
  readonly why: string;
  readonly line: string;
  readonly amount: (cents: number) => string;
  readonly playAgain: string;
  readonly home: string;
  readonly seeTicket: string;
  readonly backToResult: string;
}

/**
 * The end of a ticket: a celebration that grows with the prize, or a kind word; why it paid what it paid; then
 * « Rejouer ». « Voir le ticket » puts the panel aside so the finished board can be looked at for as long as the
 * player likes; « Retour au résultat » brings it back.
 */
export class ResultPanel extends Container {
  readonly playAgain: Button;
  readonly home: Button;
  readonly seeTicket: Button;
  readonly backToResult: Button;
  /** The demo top-up, offered when the balance cannot pay the next ticket. */
  readonly topUp: Button;
  private readonly dim = new Graphics();
  private readonly card = new Container();
  private readonly particles = new Container();
  private readonly title: Text = label('', 110, 'title');
  private readonly why: Text = label('', 48, 'dark', { wordWrap: true, wordWrapWidth: 800 });
  private peeking = false;
  private readonly line: Text = label('', 44, 'dark', { wordWrap: true, wordWrapWidth: 800 });
  private readonly amount: Text = label('', 150, 'gold');
  /** The amount while it counts up, in its place (no new texture at each value). */
  private readonly counting = countingText(150, 'gold');
  private picture: Container | null = null;
  private layoutNow: Layout | null = null;
  /** Where the card stands once it has risen (the party's fountains come out of it). */
  private cardRect: PartyRect = { x: 0, y: 0, width: 0, height: 0 };
  private won = false;
  private party: gsap.core.Timeline | null = null;
  /** Gold rays turning slowly behind the egg of a win. */
  private readonly rays = sunburst();
  private spin: gsap.core.Tween | null = null;
  /** Why « Rejouer » is greyed (the balance cannot pay a ticket), or null when it can. */
  private broke: string | null = null;
  /** The result's own line, put back when the balance can pay again. */
  private lineText = '';
  /** Whether « Rejouer » is offered: not for a printed ticket (another one is bought at the counter). */
  private replayOffered = true;
  /**
   * Once the panel stands, the farmyard, the board, the ticket and the dim under it are one still picture, and so is
   * the card's plate once the party is over: only what moves (the party, the rays, the amount, the buttons) is drawn
   * at every frame.
   */
  private readonly still: StillUnder | null;
  private stillLater: gsap.core.Tween | null = null;
  private partyOn = false;
  /** The card rises: it is live until it stands. */
  private entering = false;
  /** The card as one picture while it rises (its own parts left out of the frames meanwhile). */
  private cardPicture: Sprite | null = null;

  constructor(
    onPlayAgain: () => void,
    onHome: () => void,
    onTopUp: () => void = () => undefined,
    private readonly onPeek: (peeking: boolean) => void = () => undefined,
    /** The screen's one still picture (shared: only one stands at a time). */
    still: StillUnder | null = null,
  ) {
    super();
    this.still = still;
    this.playAgain = new Button({
      id: 'playAgain',
      width: 440,
      height: 130,
      text: '',
      tone: 'green',
      onTap: onPlayAgain,
    });
    this.home = new Button({ id: 'home', width: 270, height: 100, text: '', tone: 'plain', onTap: onHome });
    this.seeTicket = new Button({
      id: 'seeTicket',
      width: 270,
      height: 100,
      text: '',
      tone: 'plain',
      onTap: () => this.peek(true),
    });
    this.backToResult = new Button({
      id: 'backToResult',
      width: 460,
      height: 110,
      text: '',
      tone: 'gold',
      onTap: () => this.peek(false),
    });
    this.backToResult.visible = false;
    this.counting.visible = false;
    this.topUp = new Button({ id: 'resultTopUp', width: 520, height: 110, text: '', tone: 'gold', onTap: onTopUp });
    this.topUp.visible = false;
    this.dim.eventMode = 'static';
    // Under the card: the party stays behind the panel's buttons, so no coin ever flies over « Rejouer ».
    this.particles.eventMode = 'none';
    this.addChild(this.dim, this.particles, this.card, this.backToResult);
    this.visible = false;
  }

  /** Whether the panel is put aside to look at the finished ticket. */
  get lookingAtTicket(): boolean {
    return this.visible && this.peeking;
  }

  /** The words on the panel now (read by the test hook). */
  get texts(): { readonly title: string; readonly why: string; readonly line: string } {
    return { title: this.title.text, why: this.why.text, line: this.line.text };
  }

  /** New words for the result already on screen (a change of language), without playing it again. */
  setTexts(x: ResultTexts, prizeCents: number): void {
    this.title.text = x.title;
    this.why.text = x.why;
    this.lineText = x.line;
    this.placeBroke();
    this.amount.text = x.amount(prizeCents);
    fitWidth(this.amount, 900);
    fitWidth(this.title, Math.min(this.layoutNow?.panel.width ?? 1100, 1100) * 0.9);
    this.playAgain.setText(x.playAgain);
    this.home.setText(x.home);
    this.seeTicket.setText(x.seeTicket);
    this.backToResult.setText(x.backToResult);
  }

  /** Offers « Rejouer » or not (a printed ticket: the next one is bought at the counter, not on this screen). */
  offerPlayAgain(on: boolean): void {
    if (on === this.replayOffered) return;
    this.replayOffered = on;
    if (this.layoutNow) this.resize(this.layoutNow);
    else this.placeBroke();
  }

  /** The result at its end at once (a finished ticket shown again): the words under the amount in full. */
  showAtOnce(won: boolean, prizeCents: number, x: ResultTexts): void {
    this.show(won, prizeCents, x).progress(1);
    this.countShown(false);
    this.why.alpha = 1;
    this.line.alpha = 1;
  }

  /** Puts the panel aside (the finished board in full view) or brings it back. */
  peek(on: boolean): void {
    this.endCardPicture();
    this.peeking = on;
    this.dim.visible = !on;
    this.card.visible = !on;
    this.particles.visible = !on;
    this.backToResult.visible = on;
    this.onPeek(on);
    this.stillAgain();
  }

  /** Lets the still picture go for good (the screen is leaving); the panel stays as it is. */
  letGo(): void {
    this.stillLater?.kill();
    this.stillLater = null;
    this.still?.thaw();
  }

  /**
   * Takes the still picture under the panel again at the next tick (after whatever changes the screen under it in
   * the same turn), or lets it go when the panel is hidden or put aside. The screen calls it when it changes
   * something under the panel. The old picture stands until the new one is taken: letting it go first would draw the
   * whole screen live (every hen, the farmyard) for the frames between. `atOnce`: now, when the caller has made
   * every change under the panel (the result shown: the picture and the card's own go in the same whole frame).
   */
  stillAgain(atOnce = false): void {
    this.stillLater?.kill();
    this.stillLater = null;
    if (!this.still || !this.visible || this.peeking) {
      this.still?.thaw();
      return;
    }
    const take = (): void => {
      this.stillLater = null;
      if (!this.visible || this.peeking || !this.parent) return;
      // The farmyard, the board and the dim are in the picture; the card too once it stands and the party is over.
      this.still?.freeze(this.entering || this.partyOn ? this.particles : this.rays);
    };
    if (atOnce) take();
    else this.stillLater = gsap.delayedCall(0, take);
  }

  resize(l: Layout): void {
    // A picture taken at the old size is of no use: let it go now.
    this.letGo();
    this.place(l);
  }

  private place(l: Layout): void {
    this.endCardPicture();
    this.layoutNow = l;
    this.stillAgain();
    this.dim
      .clear()
      .rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale)
      .fill({ color: 0x10200c, alpha: 0.55 });
    const p = l.panel;
    const w = Math.min(p.width, 1100);
    const h = l.orientation === 'landscape' ? 880 : 1240;
    const x = p.x + (p.width - w) / 2;
    const y = p.y + (p.height - h) / 2;
    // The old panel goes for good (Pixi's GC would free it only a minute later); the card's lasting parts stay.
    const lasting = new Set<Container>([
      this.rays,
      this.title,
      this.amount,
      this.counting,
      this.why,
      this.line,
      this.playAgain,
      this.home,
      this.seeTicket,
      this.topUp,
    ]);
    for (const old of this.card.removeChildren()) if (!lasting.has(old) && old !== this.picture) dispose(old);
    this.picture?.destroy();
    this.picture = fitted(this.won ? 'egg-gold' : 'hen', 220, 220);
    this.card.addChild(
      panel(w, h, { radius: 60 }),
      this.rays,
      this.picture,
      this.title,
      this.amount,
      this.counting,
      this.why,
      this.line,
      this.playAgain,
      this.seeTicket,
      this.home,
      this.topUp,
    );
    this.card.position.set(x, y);
    this.card.pivot.set(0, 0);
    this.cardRect = { x, y, width: w, height: h };
    const cx = w / 2;
    const wide = l.orientation === 'landscape';
    this.title.position.set(cx, 95);
    fitWidth(this.title, w * 0.9);
    this.picture.scale.set(this.picture.scale.x * (wide ? 0.75 : 1));
    this.picture.position.set(cx, wide ? 250 : 320);
    this.rays.position.copyFrom(this.picture.position);
    this.rays.visible = this.won;
    this.rays.scale.set(wide ? 0.7 : 1);
    this.amount.position.set(cx, wide ? 415 : 540);
    this.counting.position.copyFrom(this.amount.position);
    this.amount.visible = this.won && !this.counting.visible;
    this.why.style.wordWrapWidth = w * 0.88;
    this.line.style.wordWrapWidth = w * 0.84;
    const whyY = this.won ? (wide ? 528 : 665) : wide ? 430 : 540;
    this.why.position.set(cx, whyY);
    this.placeLine();
    let by: number;
    // Portrait (a phone): « Voir le ticket » and « Accueil » a fingertip tall as built, so neither grows into the other.
    // A phone on its side: the row's buttons as tall as a fingertip needs, at their widths (grown about their centres,
    // the three would cover each other).
    const [sw, sh] = wide ? [270, fingertipUnits(100, l.scale)] : [440, 130];
    this.seeTicket.resizeTo(sw, sh, l.scale);
    this.home.resizeTo(sw, sh, l.scale);
    this.playAgain.resizeTo(440, wide ? fingertipUnits(130, l.scale) : 130, l.scale);
    if (!this.replayOffered) {
      // No « Rejouer » (a printed ticket): the two others side by side in landscape, one above the other in portrait.
      // (Lower than « Rejouer » would be: the line above says where to collect the prize, over three lines.)
      by = wide ? h - 200 : h - 300;
      if (wide) {
        this.seeTicket.position.set(cx - 270 - 20, by + 15);
        this.home.position.set(cx + 20, by + 15);
      } else {
        this.seeTicket.position.set(cx - sw / 2, by);
        this.home.position.set(cx - sw / 2, h - 155);
      }
    } else if (wide) {
      by = h - 200;
      this.seeTicket.position.set(cx - 220 - 20 - 270, by + 15);
      this.playAgain.position.set(cx - 220, by);
      this.home.position.set(cx + 220 + 20, by + 15);
    } else {
      by = h - 340;
      this.playAgain.position.set(cx - 220, by);
      this.seeTicket.position.set(cx - sw - 15, h - 180);
      this.home.position.set(cx + 15, h - 180);
    }
    // Aside, only « Retour au résultat » stays: where the prompt goes during the rounds, clear of the board.
    const a = l.action;
    this.backToResult.position.set(a.x + (a.width - 460) / 2, a.y + (a.height - 110) / 2);
    // Short of a ticket's price: the reason takes the kind word's place, the top-up sits above the greyed « Rejouer ».
    this.topUp.position.set(cx - 260, by - 140);
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

  /** The line hangs under « why », however many lines either wraps to (a long reason, a printed ticket's serial). */
  private placeLine(): void {
    const wide = this.layoutNow?.orientation === 'landscape';
    const gap = wide ? 18 : 28;
    const top = this.why.y + this.why.height / 2 + gap;
    if (!this.replayOffered && !this.broke) {
      // A printed ticket's line (where to collect, when and where it was paid, the serial) may run to three or four
      // lines: it shrinks to the room above the buttons, which grow on a phone to stay a finger wide.
      this.line.scale.set(1);
      const room = this.seeTicket.y - 40 - top;
      if (this.line.height > room && room > 0) this.line.scale.set(room / this.line.height);
    }
    this.line.position.set(this.why.x, top + this.line.height / 2);
  }

  private placeBroke(): void {
    const broke = this.broke !== null && !this.won && this.replayOffered;
    this.playAgain.setEnabled(!broke);
    this.playAgain.visible = this.replayOffered;
    this.topUp.visible = broke;
    const w = Math.min(this.layoutNow?.panel.width ?? 1100, 1100);
    if (broke) {
      this.line.text = this.broke!;
      this.line.style.wordWrap = false;
      fitWidth(this.line, w * 0.88);
    } else {
      this.line.text = this.lineText;
      this.line.style.wordWrap = true;
      this.line.scale.set(1);
    }
    this.placeLine();
  }

  /** Shows the result; resolves once the amount has counted up (the party goes on by itself). */
  show(won: boolean, prizeCents: number, x: ResultTexts): gsap.core.Timeline {
    this.won = won;
    this.visible = true;
    this.entering = true;
    this.title.text = x.title;
    this.why.text = x.why;
    this.lineText = x.line;
    this.line.text = x.line;
    this.playAgain.setText(x.playAgain);
    this.home.setText(x.home);
    this.seeTicket.setText(x.seeTicket);
    this.backToResult.setText(x.backToResult);
    if (this.peeking) this.peek(false);
    if (this.layoutNow) this.place(this.layoutNow);
    // A win's amount counts up in its counting figure; the amount's own text is drawn once, for its last value.
    this.amount.text = x.amount(won ? prizeCents : 0);
    fitWidth(this.amount, 900);
    this.countShown(won, x.amount(0));
    const tl = gsap.timeline();
    // The words under the amount wait for the count to end: never « 2,93 € » above « Vous gagnez 10,00 € ».
    if (won) {
      this.why.alpha = 0;
      this.line.alpha = 0;
    } else {
      this.why.alpha = 1;
      this.line.alpha = 1;
    }
    // The dim falls at once and goes into the still picture with what it darkens: a dim fading in would redraw the
    // whole screen, two layers deep, at every frame of its fade. The card rises over it, as one picture of itself.
    this.dim.alpha = 1;
    const picture = this.still?.pictureOf(this.card) ?? null;
    if (picture) {
      this.cardPicture = picture;
      this.card.renderable = false;
      this.addChildAt(picture, this.getChildIndex(this.card));
    }
    const rising = picture ?? this.card;
    tl.fromTo(
      rising,
      { alpha: 0, y: rising.y + 120 },
      {
        alpha: 1,
        y: rising.y,
        duration: ENTRANCE_S,
        ease: 'back.out(1.6)',
        onComplete: () => this.endCardPicture(),
      },
    );
    if (won && this.layoutNow) {
      const l = this.layoutNow;
      const counting = this.counting;
      const party = celebrate(this.particles, l.design.width, l.design.height, prizeCents, this.cardRect);
      this.party = party;
      this.partyOn = true;
      this.spin?.kill();
      // The rays turn once the party is over, in steps of 1/20 s (about 1.3°, a few pixels at their tips): the screen
      // redraws only what changes, and each step redraws the rays' square with every layer of the card over it. While
      // the coins fly, those steps made the party's heaviest frames.
      const spin = gsap.fromTo(
        this.rays,
        { rotation: 0 },
        {
          rotation: Math.PI * 2,
          duration: RAYS_TURN_S,
          repeat: -1,
          paused: true,
          ease: `steps(${RAYS_TURN_S * RAYS_STEPS_PER_SECOND})`,
        },
      );
      this.spin = spin;
      party.eventCallback('onComplete', () => {
        this.partyOn = false;
        spin.play();
        this.stillAgain();
      });
      tl.add(() => void party.play(), '<');
      party.pause();
      const counter = { v: 0 };
      // Each new value redraws the figure's box with the card's layers under it: it counts in steps of about 1/15 s
      // (COUNT_STEPS_PER_SECOND), not at every frame.
      const duration = Math.min(2.4, 0.6 + Math.log10(Math.max(10, prizeCents)) * 0.35);
      const steps = Math.max(1, Math.round(duration * COUNT_STEPS_PER_SECOND));
      let shownStep = -1;
      tl.to(counter, {
        v: prizeCents,
        duration,
        ease: 'power2.out',
        onUpdate: function (this: gsap.core.Tween) {
          const step = Math.floor(this.progress() * steps);
          if (step === shownStep) return;
          shownStep = step;
          counting.text = x.amount(
            Math.round(counter.v / 100) * 100 === prizeCents ? prizeCents : Math.round(counter.v),
          );
          fitWidth(counting, 900);
        },
        onComplete: () => this.countShown(false),
      });
      // The pop once counted (not during the count: a fromTo in a timeline shows its start at once, over the line).
      tl.fromTo(
        this.amount.scale,
        { x: this.amount.scale.x * 1.3, y: this.amount.scale.y * 1.3 },
        { x: this.amount.scale.x, y: this.amount.scale.y, duration: 0.4, ease: 'back.out(3)', immediateRender: false },
      );
      tl.to([this.why, this.line], { alpha: 1, duration: 0.3 }, '<');
    }
    // The dim and the card stand from here on: what is under them is taken as one picture (after the party).
    tl.call(
      () => {
        this.entering = false;
        if (!this.partyOn) this.stillAgain();
      },
      [],
      ENTRANCE_S,
    );
    this.stillAgain(true);
    return tl;
  }

  /** The counting figure in the amount's place, from `from`, or the amount itself again. */
  private countShown(on: boolean, from = ''): void {
    this.counting.text = from;
    if (on) fitWidth(this.counting, 900);
    this.amount.visible = this.won && !on;
    this.counting.visible = this.won && on;
  }

  /** The card drawn as itself again, where its picture stood (its rise ended, or cut short). */
  private endCardPicture(): void {
    const p = this.cardPicture;
    if (!p) return;
    this.cardPicture = null;
    gsap.killTweensOf(p);
    p.destroy({ texture: true, textureSource: true });
    this.card.renderable = true;
  }

  hide(): void {
    this.endCardPicture();
    if (this.peeking) this.peek(false);
    this.visible = false;
    this.entering = false;
    this.countShown(false);
    this.stillAgain();
    this.party?.kill();
    this.party = null;
    this.partyOn = false;
    this.spin?.kill();
    this.spin = null;
    for (const c of [...this.particles.children]) dispose(c);
  }
}

/** How long the card takes to rise (seconds). */
const ENTRANCE_S = 0.45;

/** The rays behind a won egg: one turn in this many seconds, in this many steps a second. */
const RAYS_TURN_S = 14;
const RAYS_STEPS_PER_SECOND = 20;

/** How many times a second the won amount changes while it counts up. */
const COUNT_STEPS_PER_SECOND = 15;

/** Twelve soft gold wedges around a point (drawn, no art). */
function sunburst(): Graphics {
  const g = new Graphics();
  const r = 260;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const b = a + Math.PI / 14;
    g.moveTo(0, 0)
      .lineTo(Math.cos(a) * r, Math.sin(a) * r)
      .lineTo(Math.cos(b) * r, Math.sin(b) * r)
      .closePath();
  }
  g.fill({ color: 0xffd23f, alpha: 0.28 });
  g.circle(0, 0, 120).fill({ color: 0xfff3b0, alpha: 0.45 });
  return g;
}
