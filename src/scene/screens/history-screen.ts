import gsap from 'gsap';
import { Container, Graphics, type Text } from 'pixi.js';
import { fingertipUnits, type Layout, readableUnits } from '../layout';
import { fitWidth, label } from '../text';
import { Button } from '../views/button';
import { HistoryBoard, type MiniRound } from '../views/history-board';
import { panel } from '../views/panel';

/** What the « Historique » screen says; composed by the app from the tickets the game server recalls. */
export interface HistoryContent {
  readonly title: string;
  readonly sub: string;
  /** A line under the title: why there is no history, when there is none. */
  readonly status: string;
  /** One short line per ticket, newest first (at most 10). */
  readonly rows: readonly string[];
  readonly selected: number;
  /** The selected ticket: serial, A1/A2, every pick per round, the haystack and the Extra, prize, balances. */
  readonly detail: string;
  /** The selected ticket's finished board, round by round (drawn small beside or above its lines). */
  readonly board: readonly MiniRound[];
  readonly labels: { readonly replay: string; readonly close: string; readonly replayClose: string };
  readonly canReplay: boolean;
}

export interface HistoryActions {
  readonly select: (row: number) => void;
  readonly replay: () => void;
  readonly close: () => void;
  readonly closeReplay: () => void;
}

const ROWS = 10;
const ROW_W = 470;
const ROW_H = 70;
/** The font sizes of the lines under the title (what the list is; the demo's or the connection's word), as built. */
const SUB_SIZE = 26;
const STATUS_SIZE = 24;

/**
 * « Historique », over the title or the ticket: the last ten tickets, the selected one in full; and a layer where a
 * ticket is replayed from its journal through the ticket screen's own views.
 */
export class HistoryScreen extends Container {
  readonly rows: Button[] = [];
  readonly replay: Button;
  readonly close: Button;
  readonly replayClose: Button;
  /** Where the replayed ticket's screen is put; shown instead of the list while a replay runs. */
  readonly replayLayer = new Container();
  private readonly replayBar = new Container();
  private readonly replayText: Text = label('', 34, 'light', { wordWrap: true, wordWrapWidth: 1400 });
  private readonly dim = new Graphics();
  private readonly card = new Container();
  private readonly board = new HistoryBoard();
  private readonly texts = {
    title: label('', 60, 'title'),
    sub: label('', SUB_SIZE, 'dark', { wordWrap: true, wordWrapWidth: 1100, fontWeight: '700' }),
    status: label('', STATUS_SIZE, 'dark', { wordWrap: true, wordWrapWidth: 1100, fontWeight: '700', fill: 0x8a1c10 }),
    detail: label('', 25, 'dark', {
      wordWrap: true,
      wordWrapWidth: 600,
      align: 'left',
      fontWeight: '600',
      lineHeight: 36,
    }),
  };
  private content: HistoryContent | null = null;
  private layoutNow: Layout | null = null;
  /** Portrait (a phone): the list and the chosen ticket take the panel in turn; « Fermer » on a ticket goes back to the list. */
  private detailOpen = false;

  constructor(a: HistoryActions) {
    super();
    for (let i = 0; i < ROWS; i++) {
      const pick = (): void => {
        this.detailOpen = true;
        a.select(i);
        if (this.layoutNow) this.resize(this.layoutNow);
      };
      this.rows.push(
        new Button({ id: `historyRow${i}`, width: ROW_W, height: ROW_H, text: '', tone: 'plain', onTap: pick }),
      );
    }
    this.replay = new Button({ id: 'historyReplay', width: 420, height: 90, text: '', tone: 'green', onTap: a.replay });
    const close = (): void => {
      if (this.detailOpen && this.layoutNow?.orientation === 'portrait') {
        this.detailOpen = false;
        this.resize(this.layoutNow);
      } else a.close();
    };
    this.close = new Button({ id: 'historyClose', width: 220, height: 84, text: '', tone: 'plain', onTap: close });
    this.replayClose = new Button({
      id: 'replayClose',
      width: 420,
      height: 90,
      text: '',
      tone: 'gold',
      onTap: a.closeReplay,
    });
    this.texts.detail.anchor.set(0, 0);
    this.dim.eventMode = 'static';
    this.replayBar.addChild(this.replayText, this.replayClose);
    this.addChild(this.dim, this.card, this.replayLayer, this.replayBar);
    this.replayBar.visible = false;
    this.visible = false;
  }

  get replaying(): boolean {
    return this.replayBar.visible;
  }

  show(c: HistoryContent): void {
    const opening = !this.visible;
    if (opening) this.detailOpen = false;
    this.content = c;
    this.visible = true;
    if (this.layoutNow) this.resize(this.layoutNow);
    if (opening) gsap.fromTo(this.card, { alpha: 0 }, { alpha: 1, duration: 0.2 });
  }

  hide(): void {
    this.visible = false;
    this.showReplay(null);
  }

  /** The replay layer in front with its banner, or (null) the list again. */
  showReplay(banner: string | null): void {
    this.replayBar.visible = banner !== null;
    this.card.visible = banner === null;
    this.dim.visible = banner === null;
    if (banner !== null) this.replayText.text = banner;
    if (this.layoutNow) this.placeReplayBar(this.layoutNow);
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.dim
      .clear()
      .rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale)
      .fill({ color: 0x10200c, alpha: 0.75 });
    this.placeReplayBar(l);
    const c = this.content;
    if (!c) return;
    const wide = l.orientation === 'landscape';
    // Landscape: wider than the other panels, so the list, the lines and the small board stand side by side.
    // Under the header, which grows on a phone on its side (larger icons).
    const p = wide ? { x: 60, y: l.header.height + 20, width: 1800, height: 1040 - l.header.height } : l.panel;
    const keep = new Set<Container>([...this.rows, this.replay, this.close, this.board, ...Object.values(this.texts)]);
    for (const child of this.card.removeChildren()) if (!keep.has(child)) child.destroy({ children: true });
    this.card.position.set(p.x, p.y);
    this.card.addChild(panel(p.width, p.height, { radius: 48 }));
    const t = this.texts;
    t.title.text = c.title;
    t.sub.text = c.sub;
    t.status.text = c.status;
    t.detail.text = c.detail;
    t.title.position.set(p.width / 2, 56);
    fitWidth(t.title, p.width * 0.9);
    // The two lines under the title at a readable size on a phone (a third of a pixel a unit), wrapped if need be.
    t.sub.style.fontSize = readableUnits(SUB_SIZE, l.scale);
    t.sub.style.wordWrapWidth = p.width * 0.9;
    t.sub.position.set(p.width / 2, 92 + t.sub.height / 2);
    const afterMeters = Math.max(148, 92 + t.sub.height + 12);
    t.status.style.fontSize = readableUnits(STATUS_SIZE, l.scale);
    t.status.style.wordWrapWidth = p.width * 0.9;
    t.status.scale.set(1);
    t.status.position.set(p.width / 2, afterMeters + t.status.height / 2);
    const top = afterMeters + (c.status ? t.status.height + 12 : 4);
    this.card.addChild(t.title, t.sub, t.status);

    // The rows: one column on the left (landscape); on a phone (portrait) rows a fingertip tall, the list and the chosen
    // ticket in turn.
    const phone = !wide;
    const listShown = !phone || !this.detailOpen;
    const rowW = phone ? 900 : ROW_W;
    // Landscape: ten rows down to the panel's foot (« Fermer » stands under the small board), each as tall as fits.
    const rowH = phone ? 128 : Math.min(ROW_H, (p.height - 40 - top) / ROWS - 6);
    const step = rowH + (phone ? 14 : 6);
    const bottom = p.height - 130;
    const fits = phone ? Math.max(1, Math.floor((bottom - top) / step)) : ROWS;
    this.rows.forEach((b, i) => {
      b.visible = listShown && i < c.rows.length && i < fits;
      if (!b.visible) return;
      b.resizeTo(rowW, rowH);
      b.setText(c.rows[i]!);
      b.setEnabled(true);
      b.alpha = phone || i === c.selected ? 1 : 0.7;
      b.position.set(phone ? (p.width - rowW) / 2 : 36, top + i * step);
      this.card.addChild(b);
    });

    // The selected ticket in full: right of the list (landscape), or alone in the panel (portrait); its finished board
    // drawn small right of its lines (landscape) or above them (portrait).
    const detailShown = !phone || this.detailOpen;
    const dx = wide ? 36 + ROW_W + 30 : 60;
    const boardW = wide ? 600 : p.width - 120;
    const boardH = wide ? 420 : Math.min(700, p.height * 0.28);
    const boardX = wide ? p.width - 36 - boardW : dx;
    this.board.visible = detailShown && c.board.length > 0;
    const usedH = this.board.visible ? this.board.show(c.board, l.cols, l.rows, boardW, boardH) : 0;
    this.board.position.set(boardX, top + 6);
    this.card.addChild(this.board);
    const dy = wide || usedH === 0 ? top : top + usedH + 36;
    const dw = wide ? boardX - dx - 30 : p.width - 120;
    const dh = bottom - dy - 110;
    t.detail.visible = detailShown;
    t.detail.style.fontSize = phone ? 42 : 25;
    t.detail.style.lineHeight = phone ? 58 : 36;
    t.detail.style.wordWrapWidth = dw;
    t.detail.scale.set(1);
    t.detail.position.set(dx, dy);
    if (t.detail.height > dh) t.detail.scale.set(dh / t.detail.height);
    this.card.addChild(t.detail);
    this.replay.visible = c.canReplay && detailShown;
    this.replay.setText(c.labels.replay);
    this.replay.position.set(dx + Math.max(0, (dw - 420) / 2), dy + Math.min(dh, t.detail.height) + 16);
    this.card.addChild(this.replay);

    // The bottom row: close.
    const buttons = [this.close];
    this.close.setText(c.labels.close);
    const widths = buttons.map((b) => (b === this.close ? 220 : 300));
    const gap = 20;
    const total = widths.reduce((a, b) => a + b, 0) + gap * (buttons.length - 1);
    const k = Math.min(1, (p.width - 60) / total);
    // Landscape: bottom right, under the small board (the list takes the left column to the foot).
    let x = wide ? p.width - 36 - total * k : (p.width - total * k) / 2;
    // A phone on its side: « Fermer » built a fingertip tall in the panel's corner (grown about its centre, it stood
    // out of the panel's edge).
    const closeH = wide ? fingertipUnits(84, l.scale * k) : 84;
    this.close.resizeTo(220, closeH);
    buttons.forEach((b, i) => {
      b.scale.set(k);
      b.position.set(x, p.height - 26 - (b === this.close ? closeH : 84) * k);
      x += (widths[i]! + gap) * k;
      this.card.addChild(b);
    });
  }

  private placeReplayBar(l: Layout): void {
    // Over the ticket being replayed. Landscape: the banner in the header between the balance and the icons, the close
    // button where the prompt goes. Portrait: both at the foot of the farmyard (no input is taken there in a replay).
    const wide = l.orientation === 'landscape';
    this.replayText.style.wordWrapWidth = wide ? 1500 : 1900;
    this.replayText.position.set(wide ? 1080 : 540, wide ? 60 : l.design.height - 220);
    fitWidth(this.replayText, wide ? 760 : 1000);
    if (this.replayText.height > 90) this.replayText.scale.set((this.replayText.scale.x * 90) / this.replayText.height);
    this.replayClose.setText(this.content?.labels.replayClose ?? '');
    // Landscape: at the foot of the prompt's column, under the replayed ticket's prompt (never over it).
    const foot = l.action.y + l.action.height;
    this.replayClose.position.set(
      wide ? l.action.x + (l.action.width - 420) / 2 : 330,
      wide ? Math.min(foot + 10, l.design.height - 100) : l.design.height - 130,
    );
  }
}
