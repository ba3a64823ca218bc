import { en } from './en';
import { fr, type Strings } from './fr';
import { frenchSpaces } from './french-spaces';
import { type Fill, fill } from './table';

export type Lang = 'fr' | 'en';
export type StringKey = keyof Strings;

const TABLES: Record<Lang, Strings> = { fr, en };

/** The current language and its strings; views re-read them on `onChange`. */
export class I18n {
  private listeners = new Set<() => void>();
  constructor(private current: Lang = 'fr') {}

  get lang(): Lang {
    return this.current;
  }

  set(lang: Lang): void {
    if (lang === this.current) return;
    this.current = lang;
    document.documentElement.lang = lang;
    for (const l of this.listeners) l();
  }

  toggle(): void {
    this.set(this.current === 'fr' ? 'en' : 'fr');
  }

  /** The string `key`, its `{name}` placeholders filled from `vars` (exactly the string's own: the compiler checks). */
  t<K extends StringKey>(key: K, ...vars: Fill<(typeof fr)[K]>): string {
    const s = fill(TABLES[this.current][key], ...vars);
    return this.current === 'fr' ? frenchSpaces(s) : s;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
