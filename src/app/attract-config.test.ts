import { describe, expect, it } from 'vitest';
import { attractFileOf, DEFAULT_ATTRACT, parseAttractConfig } from './attract-config';

describe('parseAttractConfig', () => {
  it('gives the defaults with no file and no parameter', () => {
    expect(parseAttractConfig('', null)).toEqual({ config: DEFAULT_ATTRACT, problems: [] });
    expect(DEFAULT_ATTRACT.idleSeconds).toBe(45);
  });

  it('reads every setting from the JSON file', () => {
    const { config, problems } = parseAttractConfig('', {
      lang: 'en',
      loopSeconds: 90,
      scenes: ['demo', 'prizes'],
      seeds: [7, 0, 12],
      seedFrom: 100,
      sound: true,
      caption: ' Grand jeu ! ',
      idleSeconds: 30,
      ticketIdleSeconds: 120,
      warningSeconds: 5,
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      lang: 'en',
      loopSeconds: 90,
      scenes: ['demo', 'prizes'],
      seeds: [7, 0, 12],
      seedFrom: 100,
      sound: true,
      caption: 'Grand jeu !',
      idleSeconds: 30,
      ticketIdleSeconds: 120,
      warningSeconds: 5,
    });
  });

  it('lets the URL win over the file', () => {
    const { config, problems } = parseAttractConfig(
      '?idle=2&loop=60&scenes=title,demo&seeds=3,4&sound=0&caption=Hello',
      {
        idleSeconds: 30,
        sound: true,
        seeds: [1],
      },
    );
    expect(problems).toEqual([]);
    expect(config).toMatchObject({
      idleSeconds: 2,
      loopSeconds: 60,
      scenes: ['title', 'demo'],
      seeds: [3, 4],
      sound: false,
      caption: 'Hello',
    });
  });

  it('names each bad value and keeps its default', () => {
    const { config, problems } = parseAttractConfig('?idle=soon&scenes=title,credits&seeds=1,-2&sound=maybe&loop=5', {
      loopSeconds: 'long',
      warningSeconds: 0,
      colour: 'red',
    });
    expect(problems.map((p) => p.name).sort()).toEqual(
      [
        'attract.json: colour',
        'attract.json: loopSeconds',
        'attract.json: warningSeconds',
        'idle',
        'loop',
        'scenes',
        'seeds',
        'sound',
      ].sort(),
    );
    expect(problems.find((p) => p.name === 'idle')?.value).toBe('soon');
    expect(config).toEqual(DEFAULT_ATTRACT);
  });

  it('refuses a file that is not an object, whole', () => {
    const { config, problems } = parseAttractConfig('', [1, 2]);
    expect(config).toEqual(DEFAULT_ATTRACT);
    expect(problems).toEqual([{ name: 'attract.json', value: '[1,2]' }]);
  });

  it('takes seed 0 as a seed like any other', () => {
    expect(parseAttractConfig('?seeds=0&seedFrom=0', null).config).toMatchObject({ seeds: [0], seedFrom: 0 });
  });

  it('leaves a bad lang to the game (url-params names it) and keeps null', () => {
    const { config, problems } = parseAttractConfig('?lang=de', null);
    expect(config.lang).toBeNull();
    expect(problems).toEqual([]);
  });
});

describe('attractFileOf', () => {
  it('takes a same-origin relative JSON path only', () => {
    expect(attractFileOf('?attract=attract.json')).toEqual({ file: 'attract.json', problem: null });
    expect(attractFileOf('?attract=promo/summer.json').file).toBe('promo/summer.json');
    expect(attractFileOf('')).toEqual({ file: null, problem: null });
    for (const bad of ['https://evil.example/a.json', '../x.json', '/etc/a.json', 'a.txt']) {
      expect(attractFileOf(`?attract=${encodeURIComponent(bad)}`)).toEqual({
        file: null,
        problem: { name: 'attract', value: bad },
      });
    }
  });
});
