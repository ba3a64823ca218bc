import { Container, Graphics, type Text } from 'pixi.js';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import type { Screen } from './screen';

/** The first screen: the game's name and a real progress bar over the asset bundles. Drawn, needs no art. */
export class LoadingScreen implements Screen {
  readonly id = 'loading' as const;
  readonly view = new Container();
  private readonly name: Text;
  private readonly caption: Text;
  private readonly bar = new Graphics();
  private progress = 0;
  private width = 900;

  constructor(title: string, caption: string) {
    this.name = label(title, 96, 'title');
    this.caption = label(caption, 40, 'light');
    this.view.addChild(this.name, this.bar, this.caption);
  }

  setProgress(p: number): void {
    this.progress = Math.max(this.progress, Math.min(1, p));
    this.caption.text = `${Math.round(this.progress * 100)} %`;
    this.draw();
  }

  /** A line instead of the percentage (the game server not answering yet); null puts the percentage back. */
  setCaption(text: string | null): void {
    this.caption.text = text ?? `${Math.round(this.progress * 100)} %`;
  }

  resize(l: Layout): void {
    const { width: w, height: h } = l.design;
    this.width = Math.min(900, w * 0.8);
    this.name.position.set(w / 2, h * 0.4);
    fitWidth(this.name, w * 0.9);
    this.bar.position.set((w - this.width) / 2, h * 0.55);
    this.caption.position.set(w / 2, h * 0.55 + 110);
    this.draw();
  }

  private draw(): void {
    const w = this.width;
    this.bar.clear();
    this.bar.roundRect(0, 0, w, 56, 28).fill({ color: 0x3b2410, alpha: 0.6 }).stroke({ width: 6, color: 0xfff3d1 });
    if (this.progress > 0) this.bar.roundRect(8, 8, Math.max(40, (w - 16) * this.progress), 40, 20).fill(0xffd23f);
  }

  /** At once: the first frame shows the name and the bar, and the loading starts without waiting on a fade. */
  async show(): Promise<void> {
    this.view.alpha = 1;
  }

  /** At once too: the title's entrance is the transition, and the title takes input without waiting on a fade. */
  async hide(): Promise<void> {
    this.view.alpha = 0;
  }
}
