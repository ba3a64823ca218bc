/**
 * A value worked out again only after a change is signalled: read as often as one likes (the focus ring reads its
 * scope at every frame), computed at the first read after `stale()`.
 */
export class OnChange<T> {
  private value: { readonly v: T } | null = null;
  /** How many times the value was worked out. */
  computed = 0;

  constructor(private readonly compute: () => T) {}

  get(): T {
    if (!this.value) {
      this.value = { v: this.compute() };
      this.computed++;
    }
    return this.value.v;
  }

  /** Something changed: the next read works the value out again. */
  stale(): void {
    this.value = null;
  }
}
