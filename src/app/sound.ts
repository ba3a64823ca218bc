import type { SoundLibrary } from '@pixi/sound';
import type { SoundName } from '../scene/assets';

const MUTE_KEY = 'poule.muted';

/**
 * The game's sound: effects and a music loop through @pixi/sound (whose asset loader the manifest uses). The
 * library is imported behind the title (`attach`): its AudioContext costs a few hundred milliseconds of the start
 * on a slow machine, and nothing on the title sounds before a tap. Muting is remembered; the AudioContext is resumed
 * on the first gesture (autoplay rules); the music is fetched then; everything pauses when hidden.
 */
export class SoundBoard {
  private mutedNow: boolean;
  private musicOn = false;
  private lib: SoundLibrary | null = null;
  private gestured = false;
  private hidden = false;

  /** `loadMusic` fetches the music: asked for at the first gesture, the first moment it can be heard. */
  constructor(private readonly loadMusic: () => Promise<unknown> = () => Promise.resolve()) {
    this.mutedNow = readMuted();
    const unlock = (): void => {
      this.gestured = true;
      this.unlock();
    };
    window.addEventListener('pointerdown', unlock, { once: true, capture: true });
    window.addEventListener('keydown', unlock, { once: true, capture: true });
  }

  /** Imports the sound library, then loads the effects with `loadEffects` (which needs its asset loader). */
  async attach(loadEffects: () => Promise<unknown>): Promise<void> {
    const { sound } = await import('@pixi/sound');
    this.lib = sound;
    if (this.mutedNow) sound.muteAll();
    if (this.hidden) sound.pauseAll();
    if (this.gestured) this.unlock();
    await loadEffects();
  }

  get muted(): boolean {
    return this.mutedNow;
  }

  play(name: SoundName): void {
    const alias = `sound:${name}`;
    if (!this.lib?.exists(alias)) return;
    try {
      this.lib.play(alias);
    } catch (e) {
      console.warn(`sound ${name} did not play`, e);
    }
  }

  /** Starts the music loop once it has loaded (after the first gesture). */
  startMusic(): void {
    const lib = this.lib;
    if (this.musicOn || !lib?.exists('sound:music')) return;
    this.musicOn = true;
    try {
      void lib.play('sound:music', { loop: true, volume: 0.35 });
    } catch {
      this.musicOn = false;
    }
  }

  toggleMute(): boolean {
    this.mutedNow = !this.mutedNow;
    if (this.mutedNow) this.lib?.muteAll();
    else this.lib?.unmuteAll();
    try {
      localStorage.setItem(MUTE_KEY, this.mutedNow ? '1' : '0');
    } catch {
      // Private mode or a kiosk without storage: the choice lasts for this visit only.
    }
    return this.mutedNow;
  }

  pause(): void {
    this.hidden = true;
    this.lib?.pauseAll();
  }

  resume(): void {
    this.hidden = false;
    this.lib?.resumeAll();
  }

  /** After a gesture, once the library is here: resume its AudioContext and fetch the music. */
  private unlock(): void {
    const lib = this.lib;
    if (!lib) return;
    void lib.context.audioContext?.resume?.().catch(() => undefined);
    void this.loadMusic().then(() => this.startMusic());
  }
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}
