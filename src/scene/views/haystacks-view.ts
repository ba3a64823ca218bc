import gsap from 'gsap';
import { Container, Rectangle, type Text } from 'pixi.js';
import { art } from '../art';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';

/** One haystack of the Extra game, in haystack.svg's 256×224 units. */
class HaystackView extends Container {
  opened = false;
  private readonly closed = art('haystack');
  private readonly open = art('haystack-open');
  private readonly inside = new Container();

  constructor(
    readonly index: number,
    private readonly onTap: (i: number) => void,
  ) {
    super();
    this.open.visible = false;
    this.addChild(this.open, this.inside, this.closed);
    this.pivot.set(128, 112);
    this.eventMode = 'static';
    this.cursor = 'pointer';
    this.hitArea = new Rectangle(-10, -30, 276, 270);
    this.accessible = true;
    this.accessibleType = 'button';
    this.on('pointertap', () => this.press());
    this.on(
      'pointerover',
      () => !this.opened && gsap.to(this.scale, { x: this.baseScale * 1.06, y: this.baseScale * 1.06, duration: 0.15 }),
    );
    this.on(
      'pointerout',
      () => !this.opened && gsap.to(this.scale, { x: this.baseScale, y: this.baseScale, duration: 0.15 }),
    );
  }

  baseScale = 1;

  press(): void {
    if (this.eventMode !== 'none') this.onTap(this.index);
  }

  /**
   * Opens: straw flies and shows a hen with « EXTRA » when it holds it, else nothing. `missed`: the Extra the
   * player did not choose — the pile opens greyed with a small « L'Extra était ici », no hen and no gold word, so
   * it never reads like a win.
   */
  openUp(holdsExtra: boolean, extraText: string, missed: string | null = null): gsap.core.Timeline {
    this.opened = true;
    this.eventMode = 'none';
    const tl = gsap.timeline();
    tl.to(this.closed, { y: -30, alpha: 0, duration: 0.35, ease: 'power2.in' });
    tl.call(() => this.strawBurst(), [], '<');
    tl.call(
      () => {
        this.open.visible = true;
      },
      [],
      '<0.15',
    );
    if (holdsExtra && missed !== null) {
      const note = label(missed, 34, 'light');
      fitWidth(note, 300);
      note.position.set(128, 150);
      this.inside.addChild(note);
      tl.call(
        () => {
          this.open.tint = 0x9a9a9a;
        },
        [],
        '<',
      );
      tl.from(note, { alpha: 0, duration: 0.4 }, '<0.1');
    } else if (holdsExtra) {
      const hen = art('hen-lifted');
      hen.pivot.set(128, 128);
      hen.scale.set(0.8);
      // Standing in the opened pile (not above it): clear of the prompt's place, where the « EXTRA ! » banner comes.
      hen.position.set(128, 100);
      const word = label(extraText, 64, 'title');
      // On the opened pile's front, under the hen: never over the haystack (or the prompt) above this one.
      word.position.set(128, 196);
      this.inside.addChild(hen, word);
      tl.from(hen, { y: 180, duration: 0.45, ease: 'back.out(2)' });
      tl.from(word.scale, { x: 0, y: 0, duration: 0.45, ease: 'back.out(3)' }, '<0.2');
    }
    return tl;
  }

  setActive(active: boolean): void {
    this.eventMode = active && !this.opened ? 'static' : 'none';
  }

  /** Straws fly out as the haystack opens (fixed directions: cosmetic only). */
  private strawBurst(): void {
    for (let i = 0; i < 8; i++) {
      const s = art('straw');
      s.pivot.set(16, 16);
      s.scale.set(1.6);
      s.position.set(128, 120);
      s.rotation = i * 0.8;
      this.addChild(s);
      const a = (i / 8) * Math.PI * 2;
      gsap.to(s, {
        x: 128 + Math.cos(a) * 150,
        y: 100 + Math.sin(a) * 90,
        rotation: s.rotation + 3,
        duration: 0.6,
        ease: 'power2.out',
      });
      gsap.to(s, { alpha: 0, duration: 0.3, delay: 0.35, onComplete: () => void (s.destroyed || s.destroy()) });
    }
  }
}

/** The Extra game: five haystacks and a prompt, over the board. */
export class HaystacksView extends Container {
  stacks: HaystackView[] = [];
  private readonly prompt: Text;
  private readonly note: Text;
  private layoutNow: Layout | null = null;

  constructor(
    private readonly onChoose: (i: number) => void,
    private readonly stackLabel: (i: number) => string,
  ) {
    super();
    this.prompt = label('', 56, 'title', { wordWrap: true, wordWrapWidth: 1000 });
    this.note = label('', 40, 'light');
    this.addChild(this.prompt, this.note);
  }

  offer(prompt: string): gsap.core.Timeline {
    for (const s of this.stacks) dispose(s);
    this.stacks = [0, 1, 2, 3, 4].map((i) => {
      const s = new HaystackView(i, this.onChoose);
      s.accessibleTitle = this.stackLabel(i);
      this.addChild(s);
      return s;
    });
    this.prompt.text = prompt;
    this.note.text = '';
    if (this.layoutNow) this.resize(this.layoutNow);
    const tl = gsap.timeline();
    tl.from(this.prompt, { alpha: 0, y: this.prompt.y - 40, duration: 0.4 });
    this.stacks.forEach((s, i) => {
      tl.from(s, { y: s.y + 300, alpha: 0, duration: 0.5, ease: 'back.out(1.6)' }, 0.1 + i * 0.08);
    });
    return tl;
  }

  setActive(active: boolean): void {
    for (const s of this.stacks) s.setActive(active);
  }

  /** The chosen haystack opens; when it does not hold the Extra, the one that did opens too, greyed and plainly named. */
  open(chosen: number, extraAt: number, extraText: string, missText: string, extraWasHere: string): gsap.core.Timeline {
    const tl = gsap.timeline();
    tl.add(this.stacks[chosen]!.openUp(chosen === extraAt, extraText));
    if (chosen !== extraAt) {
      tl.call(() => {
        this.note.text = missText;
      });
      tl.add(this.stacks[extraAt]!.openUp(true, extraText, extraWasHere), '+=0.5');
    }
    return tl;
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    const p = l.haystackPrompt;
    this.prompt.position.set(p.x + p.width / 2, p.y + p.height / 2);
    this.prompt.style.wordWrapWidth = p.width * 0.92;
    this.prompt.scale.set(1);
    if (this.prompt.height > p.height) this.prompt.scale.set(p.height / this.prompt.height);
    const last = l.haystacks[l.haystacks.length - 1]!;
    this.note.position.set(p.x + p.width / 2, Math.min(last.y + last.height + 70, l.board.y + l.board.height - 30));
    fitWidth(this.note, p.width * 0.95);
    this.stacks.forEach((s, i) => {
      const r = l.haystacks[i]!;
      s.baseScale = Math.min(r.width / 256, r.height / 224);
      s.scale.set(s.baseScale);
      s.position.set(r.x + r.width / 2, r.y + r.height / 2);
    });
  }

  /** The prompt and the note make way (for the « EXTRA ! » banner, shown where the prompt was). */
  quiet(): gsap.core.Tween {
    return gsap.to([this.prompt, this.note], { alpha: 0, duration: 0.2 });
  }

  leaveAll(): gsap.core.Timeline {
    return gsap.timeline().to([this.prompt, this.note, ...this.stacks], { alpha: 0, duration: 0.35 });
  }

  clear(): void {
    this.prompt.alpha = 1;
    this.note.alpha = 1;
    for (const s of this.stacks) dispose(s);
    this.stacks = [];
    this.prompt.text = '';
    this.note.text = '';
  }
}
