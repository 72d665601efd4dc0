/**
 * A body's angle as planck's solver integrates it (the private m_sweep.a, what getAngle returns).
 * createBody and setTransform store atan2(sin a, cos a), which can differ from a in the last bit,
 * so the table's heading and the body's would part at once; planck's own steps keep the angle
 * they integrate. planck is pinned exactly in gateway/package.json; the field is checked.
 */
import type { Body } from 'planck';

interface SweptAngle {
  readonly m_sweep?: { a: number; a0: number };
}

/** Makes the body's angle exactly angleRad (its rotation, sin and cos of angleRad, is already that). */
export function setExactAngle(body: Body, angleRad: number): void {
  const sweep = (body as unknown as SweptAngle).m_sweep;
  // Our fault, not the user's: a planck upgrade moved the field this relies on.
  if (!sweep || typeof sweep.a !== 'number') throw new Error('setExactAngle: planck internals changed (Body.m_sweep.a is not a number)');
  sweep.a = angleRad;
  sweep.a0 = angleRad;
}
