import { parseGameCode } from '../../protocol/game-code';
import type { TicketWords } from '../../scene/screens/ticket-words';
import type { PrintedTicket, TicketSession } from '../ticket-session';
import { CodeEntry } from './code-entry';
import { type Lang, printedWords } from './printed-words';
import { parseWords, refusalWords, whenWords } from './refusal-words';
import { TicketNote } from './ticket-note';

/** What the flow asks of the game around it. */
export interface PrintedHost {
  readonly session: TicketSession;
  readonly lang: () => Lang;
  /** Shows a claimed ticket as it stands: to play on, or finished with its result (look only). */
  readonly showTicket: (t: PrintedTicket) => Promise<void>;
  /** Back to the title (the printed ticket is let go on a kiosk). */
  readonly home: () => Promise<void>;
}

/** The hook's view of a printed ticket on this screen. */
export interface PrintedHookState {
  /** The ticket this screen holds or looks at: its serial and whether it is played or only looked at. */
  readonly ticket: { readonly serial: string; readonly mode: 'play' | 'look' } | null;
  readonly entry: ReturnType<CodeEntry['state']>;
  /** The message on screen (a refusal, a ticket taken over), or ''. */
  readonly note: string;
  /** Every refusal this page showed, oldest first, as the server's codes (or the check's, before any request). */
  readonly refusals: readonly string[];
  /** The camera's decoder, once started. */
  readonly decoder: string | null;
}

/**
 * A printed ticket on this screen: the phone's address `?code=CODE` (its QR code), the kiosk's « Scanner mon
 * ticket » (camera or keypad). A code is checked here first (its check character) and only then claimed; a refusal
 * is said in its own words and changes nothing; a ticket another screen took over is said so and the title comes back.
 */
export class PrintedFlow {
  readonly entry: CodeEntry;
  readonly note: TicketNote;
  private readonly refusals: string[] = [];
  private decoder: string | null = null;

  constructor(private readonly host: PrintedHost) {
    this.entry = new CodeEntry(host.lang, {
      submit: (text, from) => this.submit(text, from),
      cancel: () => this.entry.close(),
      startCamera: async (video, onText) => {
        // The decoder comes with the camera, on a kiosk's first scan: phones never load it.
        const { startCameraScan } = await import('./camera-scan');
        const got = await startCameraScan(video, onText);
        if (got === 'no-camera') return 'cameraNone';
        if (got === 'camera-refused') return 'cameraRefused';
        this.decoder = got.decoder;
        return () => got.stop();
      },
    });
    this.note = new TicketNote(host.lang);
    host.session.onTakenOver(() => {
      this.refusals.push('ticket-taken-over');
      this.entry.close();
      this.note.show(
        (lang) => printedWords(lang, 'takenOver'),
        (lang) => printedWords(lang, 'backToTitle'),
        () => void host.home(),
      );
    });
  }

  /** The words again in the language now on screen. */
  refresh(): void {
    this.entry.refresh();
    this.note.refresh();
  }

  /** The kiosk's « Scanner mon ticket »: the camera where there is one, and the keypad. */
  openEntry(): void {
    this.note.hide();
    this.entry.open(true);
  }

  /** The phone opened a ticket's address: claims its code, or says why not. */
  async fromAddress(raw: string): Promise<void> {
    const parsed = parseGameCode(raw);
    if (!parsed.ok) {
      this.refusals.push(`check:${parsed.problem}`);
      const got = raw.replace(/[\s-]/g, '').length;
      return this.tell((lang) => parseWords(lang, parsed, got));
    }
    const r = await this.host.session.claim(parsed.code);
    if (!r.ok) {
      this.refusals.push(r.refusal.code);
      const refusal = r.refusal;
      return this.tell((lang) => refusalWords(lang, refusal));
    }
    await this.show(r.ticket);
  }

  hookState(): PrintedHookState {
    const t = this.host.session.printed;
    return {
      ticket: t ? { serial: t.serial, mode: t.mode } : null,
      entry: this.entry.state(),
      note: this.note.message,
      refusals: [...this.refusals],
      decoder: this.decoder,
    };
  }

  private tell(words: (lang: Lang) => string): void {
    this.note.show(
      words,
      (lang) => printedWords(lang, 'ok'),
      () => undefined,
    );
  }

  private async show(t: PrintedTicket): Promise<void> {
    this.note.hide();
    await this.host.showTicket(t);
  }

  /** A code from the keypad or the camera: checked here, then claimed; the entry says what went wrong. */
  private async submit(text: string, from: 'keypad' | 'camera'): Promise<void> {
    const parsed = parseGameCode(text);
    if (!parsed.ok) {
      this.refusals.push(`check:${parsed.problem}`);
      const got = text.replace(/[\s-]/g, '').length;
      // A QR code that is no ticket's (a shop's own, a web address): said plainly, not as a mistyped code.
      if (from === 'camera') return this.entry.say((lang) => printedWords(lang, 'notATicket'), 'error');
      return this.entry.say((lang) => parseWords(lang, parsed, got), 'error');
    }
    const r = await this.host.session.claim(parsed.code);
    if (!r.ok) {
      this.refusals.push(r.refusal.code);
      const refusal = r.refusal;
      return this.entry.say((lang) => refusalWords(lang, refusal), 'error');
    }
    this.entry.close();
    await this.show(r.ticket);
  }
}

/**
 * A printed ticket's result in words: the prize in the title, where to collect it (or when and where it was paid) on
 * the line, with the serial; a ticket opened again once finished says, instead of why it paid, that it is look only.
 */
export function printedResultWords(
  lang: Lang,
  t: PrintedTicket,
  prizeCents: number,
  money: (c: number) => string,
): { title: string; why: string | null; line: string } {
  const title =
    prizeCents > 0 ? printedWords(lang, 'wonTitle', { amount: money(prizeCents) }) : printedWords(lang, 'lostTitle');
  const paid = t.view.paid;
  const line = paid
    ? printedWords(lang, 'paidLine', {
        amount: money(paid.prizeCents),
        when: whenWords(lang, paid.at),
        where: paid.shop,
        serial: t.serial,
      })
    : prizeCents > 0
      ? printedWords(lang, 'wonLine', { amount: money(prizeCents), serial: t.serial })
      : printedWords(lang, 'lostLine', { serial: t.serial });
  return { title, why: t.mode === 'look' ? printedWords(lang, 'lookOnly') : null, line };
}

/** The ticket screen's words, with a printed ticket's result in place of the wallet's (none: the words as they are). */
export function withPrintedResult(
  w: TicketWords,
  p: PrintedTicket | null,
  lang: Lang,
  money: (c: number) => string,
): TicketWords {
  if (!p) return w;
  return {
    ...w,
    result: (s) => {
      const base = w.result(s);
      const x = printedResultWords(lang, p, s.result?.prizeCents ?? 0, money);
      return { ...base, title: x.title, why: x.why ?? base.why, line: x.line };
    },
  };
}
