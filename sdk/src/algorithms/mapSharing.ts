/**
 * Merging a SLAM map another robot broadcast (its real encoded bytes, slamMapCodec): shared by
 * every controller that shares maps (frontier / greed heartbeats, Minotaur heartbeats).
 */
import type { SlamMapView } from '../SlamMapView.js';
import { SwarmgateError } from '../errors.js';

/** Cheap pre-check before a decode: the SLAM map magic 'SGSM'. */
export function looksLikeSlamMap(payload: Uint8Array): boolean {
  return payload.length >= 4 && payload[0] === 0x53 && payload[1] === 0x47 && payload[2] === 0x53 && payload[3] === 0x4d;
}

/**
 * Merge map bytes heard from another robot into `map`; false (nothing merged) for bytes that are
 * not a map or a map of another geometry: another robot's damage is not ours to fix, and it
 * never throws out of a controller's tick.
 */
export function mergeHeardMap(map: SlamMapView, bytes: Uint8Array): boolean {
  if (!looksLikeSlamMap(bytes)) return false;
  try {
    map.mergeFromBytes(bytes);
    return true;
  } catch (error) {
    if (!(error instanceof SwarmgateError)) throw error;
    return false;
  }
}
