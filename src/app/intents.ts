/** What a player's tap or key asks for, by name. */
export type Intent = 'buy' | 'topUp' | 'home' | 'rules' | 'closeRules' | 'scan' | 'mute' | 'lang';

/**
 * The views' buttons are built before the flow that answers them (the flow needs the views): a button is given
 * `ask('buy')`, and the flow, once built, `handle`s each intent. An intent nobody handles yet does nothing.
 */
export class Intents {
  private readonly handlers = new Map<Intent, () => void>();

  ask(intent: Intent): () => void {
    return () => this.handlers.get(intent)?.();
  }

  handle(handlers: Readonly<Record<Intent, () => void>>): void {
    for (const [intent, fn] of Object.entries(handlers) as [Intent, () => void][]) this.handlers.set(intent, fn);
  }
}
