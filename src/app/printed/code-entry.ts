import { CHECK_ALPHABET, CODE_ALPHABET, CODE_DATA_LENGTH, CODE_GROUP } from '../../protocol/game-code';
import { type Lang, type PlainPrintedKey, printedWords } from './printed-words';
import './printed.css';

/** What the code entry asks of the app: judge a code (typed or scanned) and say so; close. */
export interface CodeEntryActions {
  /** A whole code typed, or a text the camera read. The entry shows `busy` until it resolves. */
  readonly submit: (text: string, from: 'keypad' | 'camera') => Promise<void>;
  readonly cancel: () => void;
  /** Starts the camera into the video; returns its stop, or the words saying why there is none. */
  readonly startCamera: (
    video: HTMLVideoElement,
    onText: (text: string) => void,
  ) => Promise<(() => void) | PlainPrintedKey>;
}

/** The keys in order: the 32 data symbols, then the five check-only symbols (* ~ $ = U). */
const KEYS = [...CODE_ALPHABET, ...CHECK_ALPHABET.slice(CODE_ALPHABET.length)];
const CODE_LENGTH = CODE_DATA_LENGTH + 1;

/** The typed characters in the printed layout: four groups of six, a hyphen, the check. */
export function groupedCode(chars: string): string {
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += CODE_GROUP) groups.push(chars.slice(i, i + CODE_GROUP));
  return groups.join('-');
}

/**
 * « Scanner mon ticket »: a plain DOM layer above the canvas (a camera picture and a keypad are the browser's own
 * things; the page's CSS lays them out at touch size), with the camera's picture where there is a camera, the code as
 * typed in the printed groups, a key for each symbol a code can hold, and one line for what went wrong. A physical
 * keyboard (or a barcode scanner that types) works too: symbols, Backspace, Enter, Escape.
 */
export class CodeEntry {
  private root: HTMLElement | null = null;
  private parts: {
    title: HTMLElement;
    help: HTMLElement;
    video: HTMLVideoElement;
    camera: HTMLElement;
    label: HTMLElement;
    code: HTMLElement;
    message: HTMLElement;
    erase: HTMLButtonElement;
    clear: HTMLButtonElement;
    submit: HTMLButtonElement;
    cancel: HTMLButtonElement;
  } | null = null;
  private typed = '';
  private busy = false;
  private stopCamera: (() => void) | null = null;
  private cameraWords: PlainPrintedKey = 'cameraStarting';
  /** The last message, kept as its key and values so a change of language says it again. */
  private said: { text: (lang: Lang) => string; kind: 'error' | 'info' } | null = null;

  constructor(
    private readonly lang: () => Lang,
    private readonly actions: CodeEntryActions,
  ) {}

  get isOpen(): boolean {
    return this.root !== null && !this.root.hidden;
  }

  /** What the hook reports: the code as typed, the message, the camera's line. */
  state(): { open: boolean; typed: string; message: string; camera: string; busy: boolean } {
    return {
      open: this.isOpen,
      typed: this.typed,
      message: this.parts?.message.textContent ?? '',
      camera: this.parts?.camera.textContent ?? '',
      busy: this.busy,
    };
  }

  open(withCamera: boolean): void {
    const p = this.build();
    this.typed = '';
    this.said = null;
    this.busy = false;
    this.root!.hidden = false;
    p.video.hidden = !withCamera;
    this.cameraWords = withCamera ? 'cameraStarting' : 'cameraNone';
    this.refresh();
    if (withCamera) void this.startCamera();
    p.submit.focus();
  }

  close(): void {
    this.stopCamera?.();
    this.stopCamera = null;
    if (this.root) this.root.hidden = true;
  }

  /** A line under the code: what was wrong (kept on screen until the next key) or what is happening. */
  say(text: (lang: Lang) => string, kind: 'error' | 'info'): void {
    this.said = { text, kind };
    this.refresh();
  }

  /** The words again, in the language now on screen. */
  refresh(): void {
    const p = this.parts;
    if (!p) return;
    const lang = this.lang();
    const w = (k: PlainPrintedKey): string => printedWords(lang, k);
    p.title.textContent = w('entryTitle');
    p.help.textContent = w('entryHelp');
    p.camera.textContent = w(this.cameraWords);
    p.label.textContent = w('codeLabel');
    p.code.textContent = this.typed === '' ? '—' : groupedCode(this.typed);
    p.code.dataset['complete'] = this.typed.length === CODE_LENGTH ? '1' : '0';
    p.message.textContent = this.busy ? w('checking') : (this.said?.text(lang) ?? '');
    p.message.dataset['kind'] = this.busy ? 'info' : (this.said?.kind ?? 'info');
    p.erase.textContent = w('erase');
    p.clear.textContent = w('clear');
    p.submit.textContent = w('submit');
    p.cancel.textContent = w('cancel');
    p.submit.disabled = this.busy;
    this.root!.dataset['busy'] = this.busy ? '1' : '0';
  }

  private async startCamera(): Promise<void> {
    const p = this.parts!;
    const got = await this.actions.startCamera(p.video, (text) => void this.send(text, 'camera'));
    if (!this.isOpen) {
      if (typeof got === 'function') got();
      return;
    }
    if (typeof got === 'function') {
      this.stopCamera = got;
      this.cameraWords = 'cameraOn';
    } else {
      p.video.hidden = true;
      this.cameraWords = got;
    }
    this.refresh();
  }

  private key(ch: string): void {
    if (this.busy) return;
    this.said = null;
    if (this.typed.length < CODE_LENGTH) this.typed += ch;
    this.refresh();
  }

  private erase(all: boolean): void {
    if (this.busy) return;
    this.said = null;
    this.typed = all ? '' : this.typed.slice(0, -1);
    this.refresh();
  }

  private async send(text: string, from: 'keypad' | 'camera'): Promise<void> {
    if (this.busy || !this.isOpen) return;
    this.busy = true;
    this.refresh();
    try {
      await this.actions.submit(text, from);
    } finally {
      this.busy = false;
      this.refresh();
    }
  }

  private build(): NonNullable<CodeEntry['parts']> {
    if (this.parts) return this.parts;
    const el = <K extends keyof HTMLElementTagNameMap>(
      tag: K,
      cls: string,
      parent: HTMLElement,
    ): HTMLElementTagNameMap[K] => {
      const e = document.createElement(tag);
      e.className = cls;
      parent.append(e);
      return e;
    };
    const root = document.createElement('div');
    root.id = 'poule-code';
    root.className = 'poule-code';
    root.setAttribute('role', 'dialog');
    root.setAttribute('aria-modal', 'true');
    root.hidden = true;
    const box = el('div', 'poule-code__box', root);
    const title = el('h2', 'poule-code__title', box);
    title.id = 'poule-code-title';
    root.setAttribute('aria-labelledby', title.id);
    const help = el('p', 'poule-code__help', box);
    const video = el('video', 'poule-code__video', box);
    video.setAttribute('aria-hidden', 'true');
    const camera = el('p', 'poule-code__camera', box);
    const label = el('p', 'poule-code__label', box);
    const code = el('output', 'poule-code__code', box);
    code.setAttribute('aria-live', 'polite');
    const message = el('p', 'poule-code__message', box);
    message.setAttribute('role', 'status');
    const pad = el('div', 'poule-code__pad', box);
    const button = (text: string, cls: string, parent: HTMLElement, act: () => void): HTMLButtonElement => {
      const b = el('button', cls, parent);
      b.type = 'button';
      b.textContent = text;
      b.addEventListener('click', act);
      return b;
    };
    for (const ch of KEYS) button(ch, 'poule-code__key', pad, () => this.key(ch)).dataset['key'] = ch;
    const erase = button('', 'poule-code__key poule-code__key--erase', pad, () => this.erase(false));
    erase.dataset['key'] = 'erase';
    const actions = el('div', 'poule-code__actions', box);
    const cancel = button('', 'poule-code__cancel', actions, () => this.actions.cancel());
    cancel.dataset['key'] = 'cancel';
    const clear = button('', 'poule-code__clear', actions, () => this.erase(true));
    clear.dataset['key'] = 'clear';
    const submit = button('', 'poule-code__submit', actions, () => void this.send(this.typed, 'keypad'));
    submit.dataset['key'] = 'submit';
    // A keyboard or a scanner that types: the game's own keys (Enter, arrows) must not act behind the entry.
    root.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') void this.send(this.typed, 'keypad');
      else if (e.key === 'Escape') this.actions.cancel();
      else if (e.key === 'Backspace') this.erase(false);
      else if (e.key.length === 1 && /[0-9a-z*~$=]/i.test(e.key)) this.key(e.key.toUpperCase());
      else return;
      e.preventDefault();
    });
    document.body.append(root);
    this.root = root;
    this.parts = { title, help, video, camera, label, code, message, erase, clear, submit, cancel };
    return this.parts;
  }
}
