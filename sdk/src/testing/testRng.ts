/**
 * Test support (not exported): a tiny seeded PRNG (mulberry32) standing in for @swarmgate/maps
 * `Random`, which the engine passes to controllers. Both fit AlgorithmRng.
 */
import type { AlgorithmRng } from '../algorithms/AlgorithmInfo.js';

export function testRng(seed: number): AlgorithmRng {
  let state = seed >>> 0;
  return {
    nextFloat(): number {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}
