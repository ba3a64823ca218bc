/**
 * Where everything goes, as a pure function of the window size. The game is designed on a fixed board (1920×1080
 * landscape, 1080×1920 portrait) scaled uniformly to fit the window — never stretched — and centred; only the
 * background covers the whole window. Every rectangle below is in design units.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Orientation = 'landscape' | 'portrait';

export interface Layout {
  readonly orientation: Orientation;
  /** The window, in CSS pixels. */
  readonly width: number;
  readonly height: number;
  readonly design: { readonly width: number; readonly height: number };
  /** Design → CSS pixels: screen = offset + design × scale. */
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
  readonly header: Rect;
  readonly balance: Rect;
  readonly badge: Rect;
  /** The icon buttons of the header, right to left: menu, rules, lang, mute. */
  readonly icons: { readonly menu: Rect; readonly rules: Rect; readonly lang: Rect; readonly mute: Rect };
  /** The ticket docked beside the farmyard during the rounds (ticket.svg is 900×360: it fits inside, uniformly). */
  readonly ticket: Rect;
  /** The ticket large in the middle while it is scratched. */
  readonly ticketBig: Rect;
  /** The « tout gratter » button, under the large ticket. */
  readonly scratchAll: Rect;
  readonly counter: Rect;
  /** The prompt during the rounds. */
  readonly action: Rect;
  readonly board: Rect;
  readonly cols: number;
  readonly rows: number;
  readonly cells: readonly Rect[];
  readonly haystackPrompt: Rect;
  readonly haystacks: readonly Rect[];
  /** The title: the logo, the top prize under it, the hen and her egg, the buy and top-up buttons, the notices. */
  readonly title: {
    readonly logo: Rect;
    readonly prize: Rect;
    /** The hen at its left end, the golden egg at its right end (each as tall as the strip). */
    readonly hero: Rect;
    readonly buy: Rect;
    readonly topUp: Rect;
    readonly message: Rect;
  };
  /** The centred panel of the result and the rules. */
  readonly panel: Rect;
  /**
   * The rules' panel: the result's, but the whole board on a phone on its side (drawn at a third of its size, the
   * rules' print needs all of it to read).
   */
  readonly rules: Rect;
}

const r = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });

function grid(area: Rect, cols: number, rows: number): Rect[] {
  const w = area.width / cols;
  const h = area.height / rows;
  const cells: Rect[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) cells.push(r(area.x + col * w, area.y + row * h, w, h));
  }
  return cells;
}

function icons(right: number, y: number, size: number, gap: number): Layout['icons'] {
  const at = (i: number): Rect => r(right - size * (i + 1) - gap * i, y, size, size);
  return { menu: at(0), rules: at(1), lang: at(2), mute: at(3) };
}

/** The least side of a button on screen, in CSS pixels: a fingertip's target (44 is the usual least, kept with room). */
export const TOUCH_MIN_CSS = 46;

/** The smallest print a phone held at arm's length reads (CSS px of font size). */
export const READ_MIN_CSS = 11;

/** The font size, in design units, of a text built at `built` units: no smaller than `READ_MIN_CSS` at `scale`. */
export function readableUnits(built: number, scale: number): number {
  return Math.max(built, Math.ceil(READ_MIN_CSS / scale));
}

/** Whether print of `units` reads where one unit measures `cssPerUnit` CSS pixels (at least `READ_MIN_CSS`). */
export function reads(units: number, cssPerUnit: number): boolean {
  return units * cssPerUnit >= READ_MIN_CSS;
}

/** The side, in design units, of a button built `built` units: no less than a fingertip's size at `scale`. */
export function fingertipUnits(built: number, scale: number): number {
  return Math.max(built, Math.ceil(TOUCH_MIN_CSS / scale));
}

function landscape(scale: number): Omit<Layout, 'width' | 'height' | 'scale' | 'offsetX' | 'offsetY'> {
  // A phone on its side draws the board at a third of its size: the icons grow to a fingertip's size, side by side
  // from the right edge (grown in place, they would cover each other), centred on the header as before.
  const icon = fingertipUnits(84, scale);
  // The header then gains what the icons need; the board, the ticket and the counter move down by as much.
  const headerH = Math.max(120, 2 + icon + 2);
  const dy = headerH - 120;
  const board = r(600, 130 + dy, 1280, 930 - dy);
  // And the serial written under the docked ticket gains the room to be read (the counter gives it).
  const serialRoom = icon > 84 ? 18 : 0;
  // Three at the back, two in front between them (as in portrait): large, and filling the board's height under the
  // prompt instead of one small row with the lower half of the screen empty.
  const hay = (i: number): Rect => {
    const col = i < 3 ? 2 * i + 1 : 2 * (i - 3) + 2;
    return r(board.x + (board.width * col) / 6 - 160, i < 3 ? 330 : 650, 320, 280);
  };
  return {
    orientation: 'landscape',
    design: { width: 1920, height: 1080 },
    header: r(0, 0, 1920, headerH),
    balance: r(40, 22, 360, 80),
    // Left of the board's first column: a top-row hen flying off never passes under (or over) the badge.
    badge: r(414, 22, 172, 80),
    icons: icons(1880, Math.max(2, 62 - icon / 2), icon, 18),
    ticket: r(40, 140 + dy, 520, 208),
    // Centred on the farmyard while it is scratched; « tout gratter » beside it, in the left column (empty then),
    // so it covers no hen.
    ticketBig: r(board.x + (board.width - 1200) / 2, board.y + (board.height - 480) / 2, 1200, 480),
    scratchAll: r(40, board.y + board.height / 2 - 65, 520, 130),
    counter: r(40, 380 + dy + serialRoom, 520, 330 - dy - serialRoom),
    action: r(40, 740, 520, 300),
    board,
    cols: 6,
    rows: 5,
    cells: grid(board, 6, 5),
    haystackPrompt: r(board.x, 160 + dy, board.width, 150),
    haystacks: [0, 1, 2, 3, 4].map(hay),
    title: {
      logo: r(460, 110, 1000, 470),
      prize: r(460, 585, 1000, 80),
      // Beside the buy button and under the top prize's line (never over its first letters).
      hero: r(220, 675, 1480, 290),
      buy: r(660, 680, 600, 140),
      topUp: r(660, 840, 600, 110),
      message: r(260, 960, 1400, 110),
    },
    panel: r(360, 150, 1200, 880),
    rules: icon > 84 ? r(20, 10, 1880, 1060) : r(360, 150, 1200, 880),
  };
}

/** The tallest portrait board, in design units: a phone up to 9:20 is filled edge to edge, a taller one letterboxed. */
const PORTRAIT_MAX_HEIGHT = 2400;

function portrait(scale: number, height: number): Omit<Layout, 'width' | 'height' | 'scale' | 'offsetX' | 'offsetY'> {
  // A phone taller than 9:16 gets a taller board (`ex` more design units), shared out so no band of grass stays empty.
  const ex = height - 1920;
  // On a phone the board is drawn at a third of its size: the icons grow to a fingertip's size, the balance stays on
  // their left, the « DÉMO » badge goes under it, and everything below moves down by what the header gained.
  const icon = fingertipUnits(84, scale);
  const phone = icon > 84;
  const headerH = phone ? 16 + icon + 16 : 130;
  const dy = headerH - 130;
  const board = r(30, 560 + dy, 1020, 1330 - dy + ex);
  const hy = dy + ex / 2;
  const hay = (i: number): Rect =>
    i < 3 ? r(45 + i * 335, 900 + hy, 320, 330) : r(212 + (i - 3) * 335, 1300 + hy, 320, 330);
  return {
    orientation: 'portrait',
    design: { width: 1080, height },
    header: r(0, 0, 1080, headerH),
    balance: phone ? r(30, 16, 1050 - (4 * icon + 3 * 10) - 50, 80) : r(30, 26, 380, 80),
    badge: phone ? r(30, 104, 170, Math.min(56, headerH - 110)) : r(424, 26, 170, 80),
    icons: phone ? icons(1050, 16, icon, 10) : icons(1050, 24, 84, 12),
    // A little smaller than the counter's height: the serial is written under it at a size a phone can read.
    ticket: r(30, 138 + dy, 600, 240),
    // Centred on the farmyard while it is scratched; « tout gratter » above the farmyard (the strip of the prompt),
    // so it covers no hen.
    ticketBig: r(board.x + (board.width - 1000) / 2, board.y + (board.height - 400) / 2, 1000, 400),
    scratchAll: r(240, 420 + dy, 600, 130),
    counter: r(690, 150 + dy, 360, 256),
    action: r(30, 425 + dy, 1020, 110),
    board,
    cols: 5,
    rows: 6,
    cells: grid(board, 5, 6),
    haystackPrompt: r(30, 690 + hy, 1020, 140),
    haystacks: [0, 1, 2, 3, 4].map(hay),
    // The whole height, as a phone game's title: the logo high, the top prize under it, the hen and her egg large in
    // the middle, the buy button in the lower third where a thumb rests, the top-up under it, the notices at the foot.
    title: {
      logo: r(40, 250 + dy + ex * 0.06, 1000, 500 + ex * 0.12),
      prize: r(40, 770 + dy + ex * 0.2, 1000, 130),
      hero: r(90, 940 + dy * 0.5 + ex * 0.25, 900, 410 - dy * 0.5 + ex * 0.3),
      buy: r(90, 1400 + ex * 0.72, 900, 200),
      topUp: r(140, 1625 + ex * 0.8, 800, 140),
      message: r(60, 1780 + ex * 0.8, 960, 120 + ex * 0.2),
    },
    panel: r(40, 160 + dy, 1000, 1600 - dy + ex),
    rules: r(40, 160 + dy, 1000, 1600 - dy + ex),
  };
}

/** The layout for a window of `width` × `height` CSS pixels: landscape when it is at least as wide as tall. */
export function computeLayout(width: number, height: number): Layout {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const tall = Math.min(PORTRAIT_MAX_HEIGHT, Math.max(1920, (1080 * h) / w));
  const scale = w >= h ? Math.min(w / 1920, h / 1080) : Math.min(w / 1080, h / tall);
  const base = w >= h ? landscape(scale) : portrait(scale, tall);
  return {
    ...base,
    width: w,
    height: h,
    scale,
    offsetX: Math.max(0, (w - base.design.width * scale) / 2),
    offsetY: Math.max(0, (h - base.design.height * scale) / 2),
  };
}
