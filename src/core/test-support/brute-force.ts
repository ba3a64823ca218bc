import { Fraction } from '../fraction';
import type { Element, Rules } from '../rules';

/**
 * The odds of one round by brute force (tests only): every distinct order in which the elements could come out is
 * equally likely (drawing uniformly among the undiscovered elements deals a uniform permutation), so play each order
 * out and count. Independent of odds.ts, which walks probabilities instead.
 */
export function bruteForceRound(rules: Rules): { pFirstPick: Fraction; pLaterPick: Fraction; meanPicks: Fraction } {
  const orders: Element[][] = [];
  const build = (prefix: Element[], eggs: number, chicks: number, empties: number): void => {
    if (eggs + chicks + empties === 0) orders.push(prefix);
    if (eggs > 0) build([...prefix, 'egg'], eggs - 1, chicks, empties);
    if (chicks > 0) build([...prefix, 'chick'], eggs, chicks - 1, empties);
    if (empties > 0) build([...prefix, 'empty'], eggs, chicks, empties - 1);
  };
  build([], rules.eggs, rules.chicks, rules.empties);
  let first = 0;
  let later = 0;
  let picks = 0;
  for (const order of orders) {
    let left = rules.picksAtStart;
    for (let i = 0; left > 0 && i < order.length; i++) {
      picks++;
      const e = order[i]!;
      if (e === 'egg') {
        if (i === 0) first++;
        else later++;
        break;
      }
      if (e === 'empty') left--;
    }
  }
  const n = orders.length;
  return { pFirstPick: Fraction.of(first, n), pLaterPick: Fraction.of(later, n), meanPicks: Fraction.of(picks, n) };
}
