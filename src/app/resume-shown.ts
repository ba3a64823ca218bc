import { type Container, Sprite, Text } from 'pixi.js';
import type { Element } from '../core';
import { texture } from '../scene/assets';
import type { TicketScreen } from '../scene/screens/ticket-screen';
import type { HenView } from '../scene/views/hen-view';

/**
 * What a ticket screen shows, read from its views (not from the game): which element each hen shows, the texts on
 * the card (the amounts once revealed), whether the scratch zone can still be scratched, the haystacks and the
 * result. A resumed ticket must show the same as before the reload; a replay must end on what the journal says.
 */
export interface ShownTicket {
  /** Per hen: the element shown under it, or null for a hen still sitting (empty list: no hens on screen). */
  readonly hens: readonly (Element | null)[];
  readonly cardTexts: readonly string[];
  /** The serial written under the docked ticket ('' while it is hidden). */
  readonly serial: string;
  readonly scratchable: boolean;
  readonly haystacks: number;
  readonly resultShown: boolean;
  readonly counterTexts: readonly string[];
}

const ELEMENT_ART: readonly [Element, 'egg-gold' | 'chick' | 'nest-empty'][] = [
  ['egg', 'egg-gold'],
  ['chick', 'chick'],
  ['empty', 'nest-empty'],
];

/** The element a hen shows: the sprite of egg, chick or empty nest in her element box (her second child). */
function henElement(h: HenView): Element | null {
  if (!h.lifted) return null;
  const box = h.children[1];
  for (const c of box?.children ?? []) {
    if (!(c instanceof Sprite)) continue;
    const found = ELEMENT_ART.find(([, name]) => texture(name) === c.texture);
    if (found) return found[0];
  }
  return null;
}

function visibleTexts(c: Container, out: string[] = []): string[] {
  if (!c.visible || c.alpha === 0) return out;
  if (c instanceof Text && c.text.trim() !== '') out.push(c.text);
  for (const child of c.children) visibleTexts(child, out);
  return out;
}

export function shownTicket(tk: TicketScreen): ShownTicket {
  return {
    hens: tk.board.visible && tk.board.alpha > 0 ? tk.board.hens.map(henElement) : [],
    cardTexts: visibleTexts(tk.card),
    serial: tk.serialShown,
    scratchable: tk.card.scratch.scratchable,
    haystacks: tk.haystacks.stacks.length,
    resultShown: tk.resultShown,
    counterTexts: tk.counter.visible ? visibleTexts(tk.counter) : [],
  };
}
