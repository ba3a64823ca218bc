import { describe, expect, it } from 'vitest';
import { type DrawNode, splitDrawOrder } from './draw-order';

interface Node extends DrawNode {
  readonly name: string;
  parent: Node | null;
  readonly children: Node[];
}

/** A tree from nested arrays: ['stage', ['backdrop'], ['screen', ['board', ['hen0'], ['hen1']], ['card']], ['hud']]. */
type Spec = [string, ...Spec[]];
function tree(spec: Spec, parent: Node | null = null, all = new Map<string, Node>()): Map<string, Node> {
  const [name, ...kids] = spec;
  const n: Node = { name, parent, children: [] };
  all.set(name, n);
  parent?.children.push(n);
  for (const k of kids) tree(k, n, all);
  return all;
}
const names = (ns: readonly Node[]): string[] => ns.map((n) => n.name);
const STAGE: Spec = [
  'stage',
  ['backdrop'],
  ['screen', ['board', ['hen0'], ['hen1']], ['prompt'], ['result', ['dim'], ['party'], ['card']], ['card2']],
  ['hud'],
];

describe('splitDrawOrder', () => {
  it('puts everything drawn before firstLive into the picture, and it and all after it live', () => {
    const t = tree(STAGE);
    const { root, still, live } = splitDrawOrder(t.get('party')!);
    expect(root.name).toBe('stage');
    expect(names(still)).toEqual(['backdrop', 'board', 'prompt', 'dim']);
    expect(names(live)).toEqual(['party', 'card', 'card2', 'hud']);
  });

  it('leaves keepLive out of the picture, walking through its holders', () => {
    const t = tree(STAGE);
    const { still, live } = splitDrawOrder(t.get('result')!, [t.get('hen1')!]);
    expect(names(still)).toEqual(['backdrop', 'hen0', 'prompt']);
    expect(names(live)).toEqual(['hen1', 'result', 'card2', 'hud']);
  });

  it('takes alsoStill into the picture though drawn after firstLive', () => {
    const t = tree(STAGE);
    const { still, live } = splitDrawOrder(t.get('board')!, [], [t.get('prompt')!, t.get('card2')!]);
    expect(names(still)).toEqual(['backdrop', 'prompt', 'card2']);
    expect(names(live)).toEqual(['board', 'result', 'hud']);
  });

  it('refuses the stage itself as firstLive', () => {
    const t = tree(STAGE);
    expect(() => splitDrawOrder(t.get('stage')!)).toThrow(/stage itself/);
  });
});
