import { en } from './en';
import { fr, type Strings } from './fr';
import { frenchSpaces } from './french-spaces';

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

  /** The string `key`, with `{name}` placeholders filled from `vars`. */
  t(key: StringKey, vars: Record<string, string | number> = {}): string {
    const s = TABLES[this.current][key].replace(/\{(\w+)\}/g, (m, name: string) =>
      name in vars ? String(vars[name]) : m,
    );
    return this.current === 'fr' ? frenchSpaces(s) : s;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
