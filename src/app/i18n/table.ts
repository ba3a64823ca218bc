/**
 * The words' types: every language's table has the French table's keys, and each string the same `{name}`
 * placeholders as its French one; a call names the placeholders its string has. A missing key, a placeholder
 * missing or misspelt in a translation, or a call that fills the wrong ones, is a compiler error.
 */

/** A namespace of French strings, the reference (declared `as const`, so each string's placeholders are known). */
export type Namespace = { readonly [key: string]: string };

/** The placeholders of a string: 'Ticket n° {serial}' → 'serial'. */
export type Holes<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Holes<Rest> : never;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The keys of `F` whose translation in `E` has other placeholders than the French. */
export type PlaceholdersDiffer<F extends Namespace, E extends { readonly [K in keyof F]: string }> = {
  [K in keyof F]: Same<Holes<F[K]>, Holes<E[K]>> extends true ? never : K;
}[keyof F];

/** What a string's placeholders are filled with: nothing for a string without any. */
export type Fill<S extends string> = [Holes<S>] extends [never]
  ? []
  : [vars: Readonly<Record<Holes<S>, string | number>>];

/**
 * A translation of the French namespace `F`: checked key by key (every key there) and placeholder by placeholder.
 * `translation<typeof fr>()({ … } as const)`.
 */
export function translation<F extends Namespace>() {
  return <const E extends { readonly [K in keyof F]: string }>(
    table: E &
      ([PlaceholdersDiffer<F, E>] extends [never] ? unknown : { placeholdersDiffer: PlaceholdersDiffer<F, E> }),
  ): { readonly [K in keyof F]: string } => table;
}

/** Fills `{name}` placeholders (the types have already checked they are the string's own). */
export function fill(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** The keys of `F` whose strings have no placeholder (they are said as they are). */
export type Plain<F extends Namespace> = { [K in keyof F]: [Holes<F[K]>] extends [never] ? K : never }[keyof F];
