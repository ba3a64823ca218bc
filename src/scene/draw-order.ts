/** The little of a scene-graph node the split needs (a Pixi Container has it). */
export interface DrawNode {
  readonly parent: DrawNode | null;
  readonly children: readonly DrawNode[];
}

/**
 * Splits a stage's drawing order around `firstLive`: `still` is what is drawn before it (the largest subtrees wholly
 * before it, minus `keepLive` and plus `alsoStill`); `live` is `firstLive`, what is drawn after it, and `keepLive`.
 * The containers that hold `firstLive` or a `keepLive` node are in neither: they are walked through. `alsoStill` only
 * counts among the children of those containers. Throws when `firstLive` has no parent (it is the stage itself).
 */
export function splitDrawOrder<N extends DrawNode>(
  firstLive: N,
  keepLive: readonly N[] = [],
  alsoStill: readonly N[] = [],
): { root: N; still: N[]; live: N[] } {
  const holders: DrawNode[] = [];
  for (let c = firstLive.parent; c; c = c.parent) holders.push(c);
  const root = holders.at(-1);
  if (!root) throw new Error('splitDrawOrder: firstLive is the stage itself; nothing is drawn before it');
  const chain = new Set(holders);
  for (const k of keepLive) for (let c = k.parent; c; c = c.parent) chain.add(c);
  const kept = new Set<DrawNode>(keepLive);
  const also = new Set<DrawNode>(alsoStill);
  const still: DrawNode[] = [];
  const live: DrawNode[] = [...keepLive];
  let found = false;
  const walk = (c: DrawNode): void => {
    for (const k of c.children) {
      if (found) (also.has(k) ? still : live).push(k);
      else if (k === firstLive) {
        found = true;
        live.push(k);
      } else if (kept.has(k)) continue;
      else if (chain.has(k)) walk(k);
      else still.push(k);
    }
  };
  walk(root);
  // The nodes are the caller's own type: the walk only ever reaches nodes of the tree it was given.
  return { root: root as N, still: still as N[], live: live as N[] };
}
