/**
 * Compresses a WAV master with Debian's encoders: Ogg Opus (what Chromium and Firefox take) and MP3 (the fallback
 * every browser decodes, Safari before Ogg support included). Both are run with fixed options and a fixed stream
 * serial so the same master gives the same bytes on every run.
 */
import { spawnSync } from 'node:child_process';

export interface Encoding {
  /** The file extension the game asks for. */
  readonly ext: 'ogg' | 'mp3';
  /** The command (from Debian's packages) and its package, named when it is missing. */
  readonly command: string;
  readonly debianPackage: string;
  args(input: string, output: string): string[];
}

/**
 * 32 kbit/s Opus is transparent for these 22 kHz mono synth sounds. MP3 is VBR (-V 7, about 48 kbit/s): only then
 * does LAME write its Info tag with the encoder delay and padding, which browsers use to trim the silence it adds, so
 * the scratch and the music still loop without a gap.
 */
export const ENCODINGS: readonly Encoding[] = [
  {
    ext: 'ogg',
    command: 'opusenc',
    debianPackage: 'opus-tools',
    args: (input, output) => [
      '--quiet',
      '--bitrate',
      '32',
      '--comp',
      '10',
      '--serial',
      '1',
      '--padding',
      '0',
      input,
      output,
    ],
  },
  {
    ext: 'mp3',
    command: 'lame',
    debianPackage: 'lame',
    args: (input, output) => ['--quiet', '-V', '7', '-m', 'm', '--noreplaygain', input, output],
  },
];

/** Names every encoder that is not on this machine, with the package that brings it; empty when all are there. */
export function missingEncoders(): string[] {
  return ENCODINGS.filter((e) => spawnSync(e.command, ['--version'], { stdio: 'ignore' }).error !== undefined).map(
    (e) => `${e.command} (apt install ${e.debianPackage})`,
  );
}

export function encode(encoding: Encoding, input: string, output: string): void {
  const run = spawnSync(encoding.command, encoding.args(input, output), { encoding: 'utf8' });
  if (run.error) throw new Error(`${encoding.command} could not run: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`${encoding.command} failed on ${input}: ${run.stderr.trim()}`);
}
