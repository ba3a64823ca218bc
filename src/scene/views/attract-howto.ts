import gsap from 'gsap';
import { Container } from 'pixi.js';
import { fitted } from '../art';
import type { ArtName } from '../assets';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { panel } from './panel';

/** The pictures of the three steps of a ticket (scratch, lift the hens, the haystacks): attract and the rules share them. */
export const HOW_TO_PICTURES: readonly (readonly ArtName[])[] = [
  ['ticket'],
  ['hen', 'chick', 'egg-gold'],
  ['haystack', 'hen-lifted'],
];

/** « How to play » in three cards — scratch, lift the hens, the haystacks — shown one after another. */
export class AttractHowTo extends Container {
  private cards: Container[] = [];
  private heading = '';
  private steps: readonly string[] = [];
  private headingView: Container | null = null;

  setTexts(heading: string, steps: readonly [string, string, string]): void {
    this.heading = heading;
    this.steps = steps;
  }

  resize(l: Layout): void {
    for (const c of this.cards) dispose(c);
    if (this.headingView) dispose(this.headingView);
    this.cards = [];
    const { width: w } = l.design;
    const wide = l.orientation === 'landscape';
    const head = label(this.heading, 76, 'title');
    head.position.set(w / 2, wide ? 200 : 230);
    fitWidth(head, w * 0.9);
    this.addChild(head);
    this.headingView = head;
    const pictures = HOW_TO_PICTURES;
    const { width: cw, height: ch } = cardSize(wide);
    for (let i = 0; i < 3; i++) {
      const card = new Container();
      card.addChild(panel(cw, ch, { radius: 40 }));
      const pics = pictures[i]!;
      pics.forEach((name, k) => {
        const p = fitted(name, wide ? 220 : 200, wide ? 220 : 180);
        p.position.set((cw * (k + 1)) / (pics.length + 1), wide ? 180 : 130);
        card.addChild(p);
      });
      const num = label(String(i + 1), 64, 'gold');
      num.position.set(60, 60);
      const text = label(this.steps[i] ?? '', 40, 'dark', { wordWrap: true, wordWrapWidth: cw - 60 });
      text.position.set(cw / 2, wide ? 460 : 330);
      if (text.height > ch * 0.42) text.scale.set((ch * 0.42) / text.height);
      card.addChild(num, text);
      if (wide) card.position.set(w / 2 - 1.5 * cw - 40 + i * (cw + 40), 300);
      else card.position.set((w - cw) / 2, PORTRAIT_TOP + i * (ch + GAP));
      this.addChild(card);
      this.cards.push(card);
    }
  }

  /** Where the cards end, in design units (in portrait they are stacked from the top). */
  foot(l: Layout): number {
    const wide = l.orientation === 'landscape';
    const { height: ch } = cardSize(wide);
    return wide ? 300 + ch : PORTRAIT_TOP + 3 * ch + 2 * GAP;
  }

  /** The cards come in one by one, `each` seconds apart. */
  play(each: number): gsap.core.Timeline {
    const tl = gsap.timeline();
    this.cards.forEach((c, i) => {
      c.alpha = 0;
      tl.to(c, { alpha: 1, duration: 0.4 }, i * each);
    });
    return tl;
  }
}

const PORTRAIT_TOP = 340;
const GAP = 40;

function cardSize(wide: boolean): { width: number; height: number } {
  return wide ? { width: 560, height: 640 } : { width: 900, height: 440 };
}
