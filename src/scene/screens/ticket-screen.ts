import gsap from 'gsap';
import { Container, Graphics, Rectangle, type Renderer, type Text } from 'pixi.js';
import { type GameSnapshot, RULES } from '../../core';
import type { ShownEvent } from '../../protocol/messages';
import type { SoundName } from '../assets';
import { dispose } from '../dispose';
import { type Layout, readableUnits } from '../layout';
import { fitWidth, label } from '../text';
import { type BannerPlace, showBanner } from '../views/banner';
import { BoardView } from '../views/board-view';
import { Button } from '../views/button';
import { HaystacksView } from '../views/haystacks-view';
import { PicksCounter } from '../views/picks-counter';
import { ResultPanel } from '../views/result-panel';
import { StillUnder } from '../views/still-under';
import { TicketCard } from '../views/ticket-card';
import type { Screen } from './screen';
import { cardTexts, type TicketWords } from './ticket-words';

export interface TicketActions {
  readonly scratched: () => void;
  readonly pick: (hen: number) => void;
  readonly chooseHaystack: (i: number) => void;
  readonly playAgain: () => void;
  readonly home: () => void;
  /** The demo top-up offered on the result when the balance cannot pay another ticket. */
  readonly topUp?: () => void;
  readonly sound: (name: SoundName) => void;
}

/**
 * The ticket being played: the card and its scratch zone, the picks counter, the farmyard's hens, the haystacks of
 * the Extra and the result. It shows the core's events as they come (`play`) and decides nothing.
 */
export class TicketScreen implements Screen {
  readonly id = 'ticket' as const;
  readonly view = new Container();
  readonly card: TicketCard;
  readonly counter = new PicksCounter();
  readonly board: BoardView;
  readonly haystacks: HaystacksView;
  readonly result: ResultPanel;
  readonly scratchAll: Button;
  private readonly prompt: Text = label('', 38, 'light', { wordWrap: true, wordWrapWidth: 500 });
  /** The serial under the docked ticket, at a size that reads (on the small card it would be a few pixels). */
  private readonly serialTag: Text = label('', 26, 'light', { fontWeight: '700' });
  private readonly banners = new Container();
  /** Darkens the farmyard while the ticket is scratched, so the ticket has the stage. */
  private readonly scrim = new Graphics();
  /**
   * Over the whole screen during a wait a tap may cut short (the amounts held large, a lost round's board): a hit
   * area only. Drawn, even nearly transparent, it cost a full-screen blend every frame (as much as the whole floor
   * on a software renderer).
   */
  private readonly skipPad = new Container();
  private layoutNow: Layout | null = null;
  /**
   * What stands still under a scene, drawn once as one picture (the board once a lost round is revealed, the screen
   * under the result panel): on a software renderer each layer costs its pixels at every frame.
   */
  private readonly still: StillUnder;
  private snapshot: GameSnapshot | null = null;
  /** The reveal is asked for once per ticket: at the first stroke, or by « tout gratter ». */
  private revealAsked = false;

  constructor(
    renderer: Renderer,
    private readonly a: TicketActions,
    private readonly words: () => TicketWords,
  ) {
    let lastScratch = 0;
    // One scratch sound per stroke moment, not one per pointer move.
    const scratchSound = (): void => {
      const now = performance.now();
      if (now - lastScratch > 180) a.sound('scratch');
      if (now - lastScratch > 180) lastScratch = now;
    };
    const askReveal = (): void => {
      if (this.revealAsked) return;
      this.revealAsked = true;
      a.scratched();
    };
    this.card = new TicketCard(renderer, askReveal, scratchSound, askReveal);
    this.skipPad.eventMode = 'none';
    this.board = new BoardView(
      a.pick,
      (i) => words().hen(i),
      (e) => words().element(e),
    );
    this.haystacks = new HaystacksView(a.chooseHaystack, (i) => words().haystack(i));
    this.still = new StillUnder(renderer);
    this.result = new ResultPanel(a.playAgain, a.home, a.topUp, (on) => this.lookAtTicket(on), this.still);
    this.scratchAll = new Button({
      id: 'scratchAll',
      width: 440,
      height: 110,
      text: '',
      tone: 'gold',
      onTap: () => this.card.scratch.clearAll(),
    });
    this.view.addChild(
      this.board,
      this.haystacks,
      this.counter,
      this.prompt,
      this.serialTag,
      this.scrim,
      this.card,
      this.scratchAll,
      this.banners,
      this.result,
      this.skipPad,
    );
  }

  /** The ticket is being scratched: it is shown large, the farmyard waits behind. */
  private get scratching(): boolean {
    return !this.snapshot || this.snapshot.phase === 'scratch';
  }

  /** Hens on screen in a round (for the test hook and the keyboard). */
  get hensOnScreen(): boolean {
    const s = this.snapshot;
    return (
      !!s?.round &&
      this.board.visible &&
      this.board.hens.length === RULES.hens &&
      this.board.alpha > 0 &&
      !this.haystacksOnScreen
    );
  }

  get haystacksOnScreen(): boolean {
    return this.haystacks.stacks.length === RULES.haystacks;
  }

  get resultShown(): boolean {
    return this.result.visible;
  }

  /** Re-reads every text (after a change of language). */
  refreshTexts(): void {
    const w = this.words();
    const s = this.snapshot;
    this.card.setTexts(cardTexts(w, s ? w.serial(s) : ''));
    this.serialTag.text = s ? w.serial(s) : '';
    this.placeSerialTag();
    this.scratchAll.setText(w.scratchAll);
    this.counter.setTexts(w.picksLeft, s?.round ? w.roundName(s.round.round) : '');
    this.setPrompt(s);
    this.board.hens.forEach((h, i) => {
      h.accessibleTitle = w.hen(i);
    });
    if (this.result.visible && s?.result) this.result.setTexts(w.result(s), s.result.prizeCents);
    this.result.stillAgain();
  }

  private placeSerialTag(): void {
    const l = this.layoutNow;
    if (!l) return;
    const t = l.ticket;
    // Under the docked ticket, in the gap above what follows it (the counter, or the prompt's strip in portrait).
    const wide = l.orientation === 'landscape';
    const gap = wide ? l.counter.y - (t.y + t.height) - 2 : l.action.y - (t.y + t.height) - 4;
    // Larger in portrait, and no smaller than a phone reads: the design is drawn at a third of its size on a phone.
    this.serialTag.style.fontSize = readableUnits(wide ? 26 : 40, l.scale);
    this.serialTag.scale.set(1);
    const k = Math.min(
      1,
      (gap + 4) / Math.max(1, this.serialTag.height),
      (t.width * 0.95) / Math.max(1, this.serialTag.width),
    );
    this.serialTag.scale.set(k);
    this.serialTag.position.set(t.x + t.width / 2, t.y + t.height + gap / 2 + 2);
    this.serialTag.visible = !this.scratching;
    this.card.showSerial(this.scratching);
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.card.place(this.scratching ? l.ticketBig : l.ticket, l.scale);
    this.placeSerialTag();
    this.scrim
      .clear()
      .rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale)
      .fill({ color: 0x0d1a08, alpha: 0.5 });
    this.scrim.visible = this.scratching;
    this.skipPad.hitArea = new Rectangle(
      -l.offsetX / l.scale,
      -l.offsetY / l.scale,
      l.width / l.scale,
      l.height / l.scale,
    );
    this.counter.resize(l.counter);
    this.counter.yard = { left: l.board.x, right: l.board.x + l.board.width };
    this.board.resize(l);
    this.haystacks.resize(l);
    this.result.resize(l);
    const sa = l.scratchAll;
    this.scratchAll.position.set(sa.x + (sa.width - 440) / 2, sa.y + (sa.height - 110) / 2);
    const a = l.action;
    this.prompt.position.set(a.x + a.width / 2, a.y + a.height / 2);
    this.prompt.style.wordWrapWidth = a.width * 0.95;
    this.prompt.scale.set(Math.min(1, a.height / Math.max(1, this.prompt.height / this.prompt.scale.y)));
    this.banners.position.set(l.board.x + l.board.width / 2, l.board.y + l.board.height / 2);
  }

  /** Shows a ticket as it stands, without animation (a new ticket, a resumed one, or after a lost display). */
  restore(s: GameSnapshot): void {
    this.snapshot = s;
    this.result.hide();
    this.haystacks.clear();
    this.banners.removeChildren().forEach((b) => {
      dispose(b);
    });
    this.card.reset(this.words().scratchHere);
    this.revealAsked = s.phase !== 'scratch';
    const round = s.round;
    if (round)
      this.board.restore(
        round.hens,
        round.board,
        this.words().eggWasHere,
        round.picks.map((p) => p.hen),
      );
    else this.board.reset();
    this.board.alpha = 1;
    this.scrim.alpha = 1;
    this.scrim.visible = s.phase === 'scratch';
    if (s.amounts) this.card.showAmounts(this.words().money(s.amounts.a1Cents), this.words().money(s.amounts.a2Cents));
    if (s.phase === 'haystack') {
      this.board.alpha = 0;
      this.haystacks.offer(this.words().haystackPrompt).progress(1);
    }
    this.counter.set(round ? round.picksLeft : null, false);
    this.refreshTexts();
    if (this.layoutNow) this.resize(this.layoutNow);
    if (s.result) {
      this.result.showAtOnce(s.result.outcome === 'won', s.result.prizeCents, this.words().result(s));
    }
    this.settle(s);
  }

  /** The serial written under the docked ticket, as shown ('' while it is hidden). */
  get serialShown(): string {
    return this.serialTag.visible ? this.serialTag.text : '';
  }

  /** Plays the core's events, in order; resolves once the screen is ready for the next input. */
  async play(events: readonly ShownEvent[], s: GameSnapshot): Promise<void> {
    this.board.setActive(false);
    this.haystacks.setActive(false);
    for (const e of events) await this.playEvent(e, s);
    this.snapshot = s;
    this.settle(s);
  }

  /**
   * « Voir le ticket »: the finished ticket in full view for as long as the player likes — the last round's board
   * as it ended (a lost round with every hen lifted and the egg marked), the player's picks numbered.
   */
  private lookAtTicket(on: boolean): void {
    const r = this.snapshot?.round;
    if (!on || !r) return;
    this.haystacks.clear();
    this.banners.removeChildren().forEach((b) => {
      dispose(b);
    });
    this.board.restore(
      r.hens,
      r.board,
      this.words().eggWasHere,
      r.picks.map((p) => p.hen),
    );
    this.board.alpha = 1;
    this.board.setActive(false);
    this.prompt.visible = false;
  }

  private settle(s: GameSnapshot): void {
    this.snapshot = s;
    this.placeSerialTag();
    this.scratchAll.visible = s.phase === 'scratch';
    this.counter.visible = s.phase !== 'scratch';
    this.prompt.visible = s.phase !== 'scratch';
    this.setPrompt(s);
    this.board.setActive(s.phase === 'round');
    this.haystacks.setActive(s.phase === 'haystack');
    // Under the result panel, the prompt may have changed: its still picture is taken again.
    this.result.stillAgain();
  }

  private setPrompt(s: GameSnapshot | null): void {
    const w = this.words();
    this.prompt.text =
      !s || s.phase === 'scratch'
        ? w.scratchPrompt
        : s.phase === 'round'
          ? w.pickPrompt
          : s.phase === 'haystack'
            ? ''
            : '';
    fitWidth(this.prompt, (this.layoutNow?.action.width ?? 500) * 0.95);
  }

  private async playEvent(e: ShownEvent, s: GameSnapshot): Promise<void> {
    const w = this.words();
    // The still picture of a revealed board lasts until the result panel takes its own; anything else moves again.
    if (e.type !== 'ticketEnded') this.still.thaw();
    switch (e.type) {
      case 'ticketIssued':
        this.restore(s);
        this.card.setTexts(cardTexts(w, w.serial(s)));
        await this.board.enter();
        return;
      case 'scratchRevealed':
        this.a.sound('coin');
        // The core has spoken: the real amounts go under what is left of the foil. A finger still rubbing uncovers
        // them; the rest clears itself once it rests (or at once when nobody is rubbing: the key, « tout gratter »).
        this.card.setAmounts(w.money(e.a1Cents), w.money(e.a2Cents));
        this.revealAsked = true;
        if (this.card.scratch.begun) this.card.scratch.finishSoon(1.2);
        else this.card.scratch.clearAll();
        await this.card.scratch.whenCleared();
        this.scratchAll.visible = false;
        // Held large for a moment, so the player reads the ticket's prizes (a tap goes on at once).
        await this.skippable(gsap.timeline().add(this.card.greetAmounts()).to({}, { duration: 1.1 }));
        if (this.layoutNow) {
          this.card.showSerial(false);
          const dock = this.card.place(this.layoutNow.ticket, this.layoutNow.scale, true);
          // Faded out, then off the stage: a transparent full-screen quad still costs a blend every frame.
          dock.to(
            this.scrim,
            {
              alpha: 0,
              duration: 0.4,
              onComplete: () => {
                this.scrim.visible = false;
              },
            },
            '<0.1',
          );
          await dock;
          this.serialTag.visible = true;
        }
        return;
      case 'roundStarted':
        this.counter.setTexts(w.picksLeft, w.roundName(e.round));
        this.counter.visible = true;
        if (e.round > 1) {
          await this.haystacks.leaveAll();
          this.haystacks.clear();
          this.board.reset();
          this.board.alpha = 1;
          if (this.layoutNow) this.board.resize(this.layoutNow);
          // The new round's picks are on the counter as its hens drop in (not the last round's 0).
          const counted = this.counter.set(e.picksLeft);
          await this.board.enter();
          await counted;
          return;
        }
        await this.counter.set(e.picksLeft);
        return;
      case 'henLifted': {
        this.a.sound('lift');
        const tl = this.board.lift(e.hen, e.element, e.pick);
        tl.call(() => this.a.sound(e.element === 'egg' ? 'egg' : e.element === 'chick' ? 'chick' : 'empty'), [], 0.3);
        await tl;
        if (e.element === 'chick')
          await this.counter.plusOne(this.board.hens[e.hen]!.getGlobalPosition(), w.plusOne, w.chickMeans);
        await this.counter.set(e.picksLeft);
        return;
      }
      case 'roundWon': {
        this.card.highlight(e.prize);
        await this.banner(w.eggFound, 0.9);
        return;
      }
      case 'roundLost': {
        this.a.sound('lose');
        const last = s.rounds[e.round - 1]?.picks.at(-1)?.hen ?? 0;
        this.prompt.text = w.roundLost;
        // While the board is revealed, what stands beside it (never under a hen) is in the farmyard's picture. In
        // portrait the prompt stays out: the top row's hens fly up through its strip.
        const wide = this.layoutNow?.orientation === 'landscape';
        this.still.freeze(this.board, [], [this.counter, this.serialTag, this.card, ...(wide ? [this.prompt] : [])]);
        // The whole board, then a moment to look at it; a tap cuts the wait short.
        const tl = gsap.timeline();
        tl.add(this.banner(w.roundLost, 0.5));
        tl.add(this.board.revealLost(e.board, last, this.layoutNow?.cols ?? 6, w.eggWasHere));
        tl.to({}, { duration: 1.2 });
        await this.skippable(tl);
        return;
      }
      case 'haystacksOffered':
        // The hens fade out and the haystacks come in over the farmyard; what stands beside them is in its picture.
        this.still.freeze(this.board, [], [this.counter, this.serialTag, this.card]);
        await this.board.leave();
        this.board.alpha = 0;
        this.a.sound('haystack');
        await this.haystacks.offer(w.haystackPrompt);
        return;
      case 'haystackOpened':
        this.a.sound('haystack');
        await this.haystacks.open(e.chosen, e.extraAt, w.extra, w.noExtra, w.extraWasHere);
        if (e.extraWon) {
          this.a.sound('extra');
          // Where the prompt was (it makes way first), so the banner covers neither the haystacks nor the opened one.
          const p = this.layoutNow?.haystackPrompt;
          await this.haystacks.quiet();
          await this.banner(
            `${w.extra} !`,
            1.0,
            w.extraWon,
            p ? { x: p.x + p.width / 2, y: p.y + p.height / 2 - 55, size: 100 } : undefined,
            true,
          );
        } else {
          await gsap.delayedCall(1.4, () => undefined);
        }
        return;
      case 'ticketEnded': {
        const won = e.outcome === 'won';
        this.a.sound(won ? 'win' : 'lose');
        await this.result.show(won, e.prizeCents, w.result(s));
        return;
      }
    }
  }

  /** Plays `tl`; a tap anywhere on the screen jumps to its end. Resolves when it has ended either way. */
  private skippable(tl: gsap.core.Timeline): Promise<void> {
    const pad = this.skipPad;
    const skip = (): void => void tl.progress(1);
    pad.eventMode = 'static';
    pad.on('pointertap', skip);
    return new Promise<void>((resolve) => {
      tl.eventCallback('onComplete', () => {
        pad.off('pointertap', skip);
        pad.eventMode = 'none';
        resolve();
      });
    });
  }

  /** A big word over the board (« L'ŒUF D'OR ! », « EXTRA ! »), held for `hold` seconds. */
  private banner(text: string, hold: number, sub?: string, at?: BannerPlace, opaque = false): gsap.core.Timeline {
    return showBanner(this.banners, this.layoutNow?.board ?? null, {
      text,
      hold,
      ...(sub === undefined ? {} : { sub }),
      ...(at ? { at } : {}),
      opaque,
    });
  }

  async show(): Promise<void> {
    await gsap.fromTo(this.view, { alpha: 0 }, { alpha: 1, duration: 0.3 });
  }

  async hide(): Promise<void> {
    this.result.letGo();
    await gsap.to(this.view, { alpha: 0, duration: 0.25 });
  }
}
