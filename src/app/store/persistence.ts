/**
 * Asks the browser not to evict the game's storage under disk pressure (navigator.storage.persist). Browsers grant it
 * on their own terms (an installed app, a bookmarked site, a kiosk profile), so the answer is only reported: a kiosk
 * should run with a profile that grants it. 'unsupported' where the Storage API is missing.
 */
export async function askPersistentStorage(): Promise<'persisted' | 'best-effort' | 'unsupported'> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'best-effort';
  } catch {
    return 'best-effort';
  }
}
