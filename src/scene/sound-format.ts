/**
 * The compressed sound format this browser decodes: Ogg Opus where it can (smaller at the same quality), MP3 otherwise
 * (every browser decodes it, Safari before its Ogg support included). Both are made by `npm run sounds`.
 */
export type SoundFormat = 'ogg' | 'mp3';

export function soundFormat(): SoundFormat {
  return document.createElement('audio').canPlayType('audio/ogg; codecs="opus"') !== '' ? 'ogg' : 'mp3';
}
