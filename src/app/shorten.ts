/**
 * A value typed by someone else (a URL parameter, a settings file) shortened for a notice: at most `max` characters,
 * cut with an ellipsis, so a long bad value never runs off the screen. Whole characters (code points) are kept.
 */
export function shortValue(value: string, max = 32): string {
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}
