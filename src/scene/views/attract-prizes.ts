import { Container } from 'pixi.js';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { panel } from './panel';
import { prizesPage } from './rules-prizes';

/** The prize table and the exact odds, as the rules screen gives them, for the attract loop (no button). */
export interface AttractPrizesContent {
  readonly title: string;
  readonly columns: readonly [string, string, string];
  readonly rows: readonly (readonly [string, string, string])[];
  readonly oddsTitle: string;
  readonly odds: readonly string[];
  readonly note: string;
}

export class AttractPrizes extends Container {
  private card: Container | null = null;
  private content: AttractPrizesContent | null = null;

  setContent(c: AttractPrizesContent): void {
    this.content = c;
  }

  /** Where the table ends, in design units. */
  foot(l: Layout): number {
    const p = cardRect(l);
    return p.y + p.height;
  }

  resize(l: Layout): void {
    if (this.card) dispose(this.card);
    this.card = null;
    const c = this.content;
    if (!c) return;
    const p = cardRect(l);
    const card = new Container();
    card.position.set(p.x, p.y);
    card.addChild(panel(p.width, p.height, { radius: 48 }));
    const title = label(c.title, 64, 'title');
    title.position.set(p.width / 2, 72);
    fitWidth(title, p.width * 0.9);
    card.addChild(title);
    // The rules' own prizes page: the same table, note and odds, laid out to stay inside the card.
    const body = { x: 50, y: 140, width: p.width - 100, height: p.height - 180 };
    card.addChild(prizesPage({ ...c, ours: c.note }, body, l.orientation === 'landscape'));
    this.addChild(card);
    this.card = card;
  }
}

function cardRect(l: Layout): { x: number; y: number; width: number; height: number } {
  return l.orientation === 'landscape'
    ? { x: 200, y: 140, width: 1520, height: 900 }
    : { x: 40, y: 300, width: 1000, height: 1400 };
}
