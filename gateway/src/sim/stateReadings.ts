/** What the on-demand sensors (sensors.ts) share when they build a State's lists. */

/** What one State left out, per list (the mutable form of the sdk's StateDrops). */
export interface StateDropCounts {
  inbox: number;
  nearbyTags: number;
  nearbyRobots: number;
}

/**
 * What an empty list in a State is: one frozen array (nothing to mutate, so sharing it keeps
 * the copy rule), which spares most robots an allocation per tick.
 */
export const NONE: readonly never[] = Object.freeze([]);

/**
 * Indices 0..count-1 of the `budget` smallest distances (ties by index), in ascending index
 * order, written into `order` (the caller's scratch array, so a read below the budget
 * allocates nothing) and returned: how a list is cut to its State budget, the nearest first.
 */
export function nearestFirst(order: number[], count: number, distanceM: (k: number) => number, budget: number): number[] {
  order.length = 0;
  for (let k = 0; k < count; k++) order.push(k);
  if (count <= budget) return order;
  order.sort((a, b) => distanceM(a) - distanceM(b) || a - b);
  order.length = budget;
  return order.sort((a, b) => a - b);
}
