import type { Lang } from './printed-words';
import './printed.css';

/**
 * One message about a printed ticket, above everything, with one button: a refusal of the code a phone opened, a
 * ticket taken over by another screen. Plain DOM like the code entry, so it reads the same on every screen size.
 */
export class TicketNote {
  private root: HTMLElement | null = null;
  private text: HTMLElement | null = null;
  private button: HTMLButtonElement | null = null;
  private shown: { words: (lang: Lang) => string; button: (lang: Lang) => string; done: () => void } | null = null;

  constructor(private readonly lang: () => Lang) {}

  get isOpen(): boolean {
    return this.root !== null && !this.root.hidden;
  }

  /** The message on screen, or ''. */
  get message(): string {
    return this.isOpen ? (this.text?.textContent ?? '') : '';
  }

  show(words: (lang: Lang) => string, button: (lang: Lang) => string, done: () => void): void {
    this.build();
    this.shown = { words, button, done };
    this.root!.hidden = false;
    this.refresh();
    this.button!.focus();
  }

  hide(): void {
    if (this.root) this.root.hidden = true;
    this.shown = null;
  }

  refresh(): void {
    if (!this.shown || !this.text || !this.button) return;
    const lang = this.lang();
    this.text.textContent = this.shown.words(lang);
    this.button.textContent = this.shown.button(lang);
  }

  private build(): void {
    if (this.root) return;
    const root = document.createElement('div');
    root.id = 'poule-note';
    root.className = 'poule-note';
    root.setAttribute('role', 'alertdialog');
    root.setAttribute('aria-modal', 'true');
    root.hidden = true;
    const box = document.createElement('div');
    box.className = 'poule-note__box';
    const text = document.createElement('p');
    text.className = 'poule-note__text';
    text.id = 'poule-note-text';
    root.setAttribute('aria-describedby', text.id);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'poule-note__button';
    button.id = 'poule-note-ok';
    button.addEventListener('click', () => {
      const done = this.shown?.done;
      this.hide();
      done?.();
    });
    root.addEventListener('keydown', (e) => e.stopPropagation());
    box.append(text, button);
    root.append(box);
    document.body.append(root);
    this.root = root;
    this.text = text;
    this.button = button;
  }
}
