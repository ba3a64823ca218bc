import type { Container } from 'pixi.js';
import type { Layout } from '../layout';

export type ScreenId = 'loading' | 'title' | 'ticket';

/** A screen's lifecycle: built once, prepared before each showing, laid out on every resize. */
export interface Screen {
  readonly id: ScreenId;
  readonly view: Container;
  prepare?(): void;
  show(): Promise<void>;
  hide(): Promise<void>;
  resize(l: Layout): void;
  pause?(): void;
  resume?(): void;
}
