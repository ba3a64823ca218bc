/** What the keys do; the game app decides what each means on the current screen. */
export interface KeyActions {
  move(dx: number, dy: number): void;
  /** Enter or Space. */
  activate(): void;
  /** S: scratch everything at once. */
  scratchAll(): void;
  /** Escape: the rules/menu, or closes them. */
  escape(): void;
}

/** A control of the page's own (the error screen's buttons, a file input): its keys are the browser's, not the game's. */
const isPageControl = (t: EventTarget | null, isScene: (t: EventTarget | null) => boolean): boolean =>
  t instanceof HTMLElement &&
  t !== document.body &&
  !isScene(t) &&
  /^(BUTTON|INPUT|SELECT|TEXTAREA|A)$/.test(t.tagName);

/**
 * Turns key presses into the game's actions. Keys held down do not repeat a pick (repeat is ignored). Enter and
 * Space on a scene element reached by Tab press what the shared focus ring shows (the same element), once: the
 * browser's own click is cancelled. `isScene` tells Pixi's accessibility elements from the page's own controls.
 */
export function listenToKeys(a: KeyActions, isScene: (t: EventTarget | null) => boolean = () => false): void {
  window.addEventListener('keydown', (e) => {
    if (isPageControl(e.target, isScene)) return;
    if (e.repeat && (e.key === 'Enter' || e.key === ' ')) return;
    switch (e.key) {
      case 'ArrowLeft':
        a.move(-1, 0);
        break;
      case 'ArrowRight':
        a.move(1, 0);
        break;
      case 'ArrowUp':
        a.move(0, -1);
        break;
      case 'ArrowDown':
        a.move(0, 1);
        break;
      case 'Enter':
      case ' ':
        a.activate();
        break;
      case 's':
      case 'S':
        a.scratchAll();
        break;
      case 'Escape':
        a.escape();
        break;
      default:
        return;
    }
    e.preventDefault();
  });
}
