import { sound } from '@pixi/sound';
import type { SoundName } from '../scene/assets';

const MUTE_KEY = 'poule.muted';

/**
 * The game's sound: effects and a music loop through @pixi/sound (whose asset loader the manifest uses). Muting is
 * remembered; the AudioContext is resumed on the first gesture (autoplay rules); everything pauses when hidden.
 */
export class SoundBoard {
  private mutedNow: boolean;
  private musicOn = false;

  /** `loadMusic` fetches the music: asked for at the first gesture, the first moment it can be heard. */
  constructor(loadMusic: () => Promise<unknown> = () => Promise.resolve()) {
    this.mutedNow = readMuted();
    if (this.mutedNow) sound.muteAll();
    const unlock = (): void => {
      void sound.context.audioContext?.resume?.().catch(() => undefined);
      void loadMusic().then(() => this.startMusic());
    };
    window.addEventListener('pointerdown', unlock, { once: true, capture: true });
    window.addEventListener('keydown', unlock, { once: true, capture: true });
  }

  get muted(): boolean {
    return this.mutedNow;
  }

  play(name: SoundName): void {
    const alias = `sound:${name}`;
    if (!sound.exists(alias)) return;
    try {
      sound.play(alias);
    } catch (e) {
      console.warn(`sound ${name} did not play`, e);
    }
  }

  /** Starts the music loop once it has loaded (the first gesture asks for it; the loader asks again later). */
  startMusic(): void {
    if (this.musicOn || !sound.exists('sound:music')) return;
    this.musicOn = true;
    try {
      void sound.play('sound:music', { loop: true, volume: 0.35 });
    } catch {
      this.musicOn = false;
    }
  }

  toggleMute(): boolean {
    this.mutedNow = !this.mutedNow;
    if (this.mutedNow) sound.muteAll();
    else sound.unmuteAll();
    try {
      localStorage.setItem(MUTE_KEY, this.mutedNow ? '1' : '0');
    } catch {
      // Private mode or a kiosk without storage: the choice lasts for this visit only.
    }
    return this.mutedNow;
  }

  pause(): void {
    sound.pauseAll();
  }

  resume(): void {
    sound.resumeAll();
  }
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}
