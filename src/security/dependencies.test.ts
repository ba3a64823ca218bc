import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every dependency is pinned to one exact version (no ^, ~, ranges, tags or URLs), and the lockfile installs exactly
 * that version: an `npm install` on another day ships the same code that was audited.
 */
interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
interface Lock {
  packages: Record<string, { version?: string }>;
}

const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const all = { ...manifest.dependencies, ...manifest.devDependencies };

/** The names whose version is not one exact release. */
const loosePins = (deps: Record<string, string>): string[] => Object.keys(deps).filter((n) => !EXACT.test(deps[n]!));

describe('dependencies', () => {
  it('the check refuses ranges, tags and URLs', () => {
    expect(
      loosePins({
        a: '^1.2.3',
        b: '~1.2.3',
        c: '1.x',
        d: '>=1.0.0',
        e: 'latest',
        f: '*',
        g: 'git+https://x/y',
        h: '1.2.3 - 1.4.0',
      }),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(loosePins({ a: '1.2.3', b: '8.0.0-rc.1' })).toEqual([]);
  });

  it('every dependency in package.json is pinned exactly', () => {
    expect(Object.keys(all).length).toBeGreaterThan(0);
    expect(loosePins(all)).toEqual([]);
  });

  it('the lockfile installs exactly the pinned versions', () => {
    const installed = Object.fromEntries(Object.keys(all).map((n) => [n, lock.packages[`node_modules/${n}`]?.version]));
    expect(installed).toEqual(all);
  });

  it('the game ships four runtime dependencies in the page and six in the server, each named in the README with its reason', () => {
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([
      '@fastify/static',
      '@pixi/sound',
      'better-sqlite3',
      'fastify',
      'gsap',
      'jsqr',
      'pdf-lib',
      'pg',
      'pixi.js',
      'qrcode',
    ]);
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## Security and dependencies'));
    expect(section.length).toBeGreaterThan(30);
    for (const name of Object.keys(manifest.dependencies ?? {})) expect(section).toContain(`\`${name}\``);
  });
});
