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

/** Turns key presses into the game's actions. Keys held down do not repeat a pick (repeat is ignored). */
export function listenToKeys(a: KeyActions): void {
  window.addEventListener('keydown', (e) => {
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
