/**
 * Minotaur's doorway auction (Schmidt, Sorensen, Beregaard 2024, Algorithm 4): the robot that
 * found a doorway and every robot that answered with a bid (its path length to the doorway) take
 * part; the nearer half goes through. Alone, a robot stays to finish its room (the paper's
 * "half of available" is below one).
 */

export interface Bid {
  readonly robotId: string;
  /** Path length to the doorway, m. */
  readonly lengthM: number;
}

/**
 * Who goes through: the ceil(n / 2) lowest of the n bids (the requester's own included), none
 * when n < 2. Ties are broken by robot id (code-unit order), so every robot computes the same set.
 */
export function auctionWinners(bids: readonly Bid[]): string[] {
  if (bids.length < 2) return [];
  const sorted = [...bids].sort((a, b) => a.lengthM - b.lengthM || (a.robotId < b.robotId ? -1 : a.robotId > b.robotId ? 1 : 0));
  return sorted.slice(0, Math.ceil(bids.length / 2)).map((b) => b.robotId);
}
