import { Container, Graphics } from 'pixi.js';
import { readableUnits } from '../layout';
import { label } from '../text';

/** The prizes page's words: the table's columns and rows, whether the table is our own, the odds. */
export interface PrizesContent {
  readonly ours: string;
  readonly columns: readonly [string, string, string];
  readonly rows: readonly (readonly [string, string, string])[];
  readonly oddsTitle: string;
  readonly odds: readonly string[];
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The page's two columns in landscape (the table's, the odds'), for `body`'s width. */
export function prizesColumns(bodyWidth: number): { readonly table: number; readonly odds: number } {
  const table = bodyWidth * 0.52;
  return { table, odds: bodyWidth - table - 60 };
}

/**
 * The rules' second page: the prize table (one number format throughout), the note that it is this game's own table,
 * and the exact odds. Landscape: the table on the left, the odds on the right; portrait: one under the other. Each
 * part shrinks only if the room left cannot hold it. `cssPerUnit`: the CSS pixels one of
 * its units measures on screen (its print grows to what reads there).
 */
export function prizesPage(
  c: PrizesContent,
  body: Box,
  wide: boolean,
  cssPerUnit = Number.POSITIVE_INFINITY,
): Container {
  const box = new Container();
  // 24 units: the page's smallest print (the headings, the note under the table).
  const k = Math.max(wide ? 1 : 1.45, readableUnits(24, cssPerUnit) / 24);
  const tableW = wide ? prizesColumns(body.width).table : body.width;
  const rowH = Math.round((wide ? 50 : 46) * k);
  const table = new Container();
  const bg = new Graphics();
  table.addChild(bg);
  const cols = [0.32, 0.34, 0.34].map((f) => f * tableW);
  const rightOf = (i: number): number => cols.slice(0, i + 1).reduce((a, b) => a + b, 0) - 12;
  // The headings are long for their columns: on two lines each where need be, so they stay as large as the figures'
  // own print (narrowed to one line they were 9 px at 1280×720, 8 px on a phone); the heading row grows to hold them.
  const headings = c.columns.map((s, i) => {
    const t = label(s, Math.round(24 * k), 'dark', {
      fontWeight: '800',
      align: 'right',
      wordWrap: true,
      wordWrapWidth: cols[i]! - 16,
      lineHeight: Math.round(26 * k),
    });
    t.anchor.set(1, 0.5);
    if (t.width > cols[i]! - 16) t.scale.set((cols[i]! - 16) / t.width);
    table.addChild(t);
    return t;
  });
  const headH = Math.max(rowH, Math.ceil(Math.max(...headings.map((t) => t.height))) + 8);
  headings.forEach((t, i) => {
    t.position.set(rightOf(i), headH / 2);
  });
  const tableH = headH + rowH * c.rows.length;
  bg.roundRect(-10, -6, tableW + 20, tableH + 12, 16).fill({ color: 0xffffff, alpha: 0.55 });
  bg.rect(-10, -6, tableW + 20, headH + 4).fill({ color: 0xf2b632, alpha: 0.9 });
  c.rows.forEach((r, ri) => {
    r.forEach((s, i) => {
      const t = label(s, Math.round(27 * k), 'dark', { fontWeight: '700' });
      t.anchor.set(1, 0.5);
      t.position.set(rightOf(i), headH + ri * rowH + rowH / 2);
      if (t.width > cols[i]! - 16) t.scale.set((cols[i]! - 16) / t.width);
      table.addChild(t);
    });
  });
  const ours = label(c.ours, Math.round(24 * k), 'dark', {
    wordWrap: true,
    wordWrapWidth: tableW,
    fontWeight: '600',
    fontStyle: 'italic',
    align: 'left',
  });
  ours.anchor.set(0, 0);
  ours.position.set(0, tableH + 16);
  table.addChild(ours);

  const odds = new Container();
  const oddsW = wide ? prizesColumns(body.width).odds : body.width;
  const head = label(c.oddsTitle, Math.round(32 * k), 'dark', { wordWrap: true, wordWrapWidth: oddsW, align: 'left' });
  head.anchor.set(0, 0);
  odds.addChild(head);
  let y = head.height + 16;
  for (const line of c.odds) {
    const t = label(line, Math.round(28 * k), 'dark', {
      fontWeight: '600',
      align: 'left',
      wordWrap: true,
      wordWrapWidth: oddsW,
    });
    t.anchor.set(0, 0);
    t.position.set(0, y);
    odds.addChild(t);
    y += t.height + 8 * k;
  }

  if (wide) {
    table.position.set(body.x + 10, body.y);
    odds.position.set(body.x + tableW + 60, body.y);
    for (const part of [table, odds]) if (part.height > body.height) part.scale.set(body.height / part.height);
  } else {
    const both = table.height + 30 + odds.height;
    const s = both > body.height ? body.height / both : 1;
    table.scale.set(s);
    odds.scale.set(s);
    table.position.set(body.x + 10, body.y);
    odds.position.set(body.x, body.y + (table.height + 30));
  }
  box.addChild(table, odds);
  return box;
}
