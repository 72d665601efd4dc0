/**
 * Per-robot simulation state as struct-of-arrays, indexed by robot slot. Allocated once per
 * capacity; growing (a structural change, outside the step) copies into larger arrays.
 * Slots of removed robots are kept inactive so indices, and thus iteration order, stay stable.
 *
 * The engine's own: only modules in sim/ read or write it (a test checks the imports); the
 * rest of the gateway goes through World's methods.
 */

/** What the act phase applies; codes stored in a Uint8Array. */
export const Action = { Idle: 0, Move: 1, Rotate: 2, Drive: 3 } as const;
/** Latched command slot contents: written by the Robot API, consumed by the act phase. */
export const Latch = { None: 0, Move: 1, Rotate: 2, Velocity: 3, Stop: 4 } as const;

export class RobotTable {
  capacity = 0;
  /** Slots in use (active or removed); robots are slots [0, count). */
  count = 0;
  active = new Uint8Array(0);
  kinematic = new Uint8Array(0);
  /** True pose after the last physics step. */
  xM = new Float64Array(0);
  yM = new Float64Array(0);
  /** Unwrapped body angle (planck's continuous sweep angle). */
  angleRad = new Float64Array(0);
  /** Position at the previous logic tick (distance travelled, coverage sweep). */
  prevXM = new Float64Array(0);
  prevYM = new Float64Array(0);
  distanceM = new Float64Array(0);
  /** Current action and its parameters. */
  action = new Uint8Array(0);
  /** Move: target point, direction and the heading held on the way. */
  targetXM = new Float64Array(0);
  targetYM = new Float64Array(0);
  dirX = new Float64Array(0);
  dirY = new Float64Array(0);
  holdAngleRad = new Float64Array(0);
  /** Rotate: target body angle (unwrapped for dynamic robots, a heading for kinematic twins). */
  targetHeadingRad = new Float64Array(0);
  /** Drive: commanded terminal body velocity. */
  cmdLinearMps = new Float64Array(0);
  cmdAngularRadps = new Float64Array(0);
  /** Latched command and its two arguments. */
  latch = new Uint8Array(0);
  latchA = new Float64Array(0);
  latchB = new Float64Array(0);
  /** Contacts begun since the last logic tick; contacts touching now. */
  collisionStarted = new Uint8Array(0);
  touching = new Int32Array(0);
  collisions = new Int32Array(0);
  /** Bounded random-walk SLAM pose error per axis. */
  errXM = new Float64Array(0);
  errYM = new Float64Array(0);
  /** Kinematic twins: the externally given pose to reach by the end of the tick. */
  kinXM = new Float64Array(0);
  kinYM = new Float64Array(0);
  kinAngleRad = new Float64Array(0);
  /** Kinematic twins: overlapping a wall cell now (planck makes no kinematic-static contacts). */
  kinWallTouch = new Uint8Array(0);
  /** Kinematic twins: a move / rotate ends this close to its target (m, rad). */
  twinDoneM = new Float64Array(0);
  twinDoneRad = new Float64Array(0);
  /** Kinematic twins: the body set-point the act phase computed for this tick (sent to the robot). */
  twinLinearMps = new Float64Array(0);
  twinAngularRadps = new Float64Array(0);

  /** Returns the new slot index, growing the arrays when full. */
  add(): number {
    if (this.count === this.capacity) this.grow(Math.max(8, this.capacity * 2));
    const i = this.count++;
    this.active[i] = 1;
    return i;
  }

  private grow(capacity: number): void {
    const fields = this as unknown as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const old = fields[key];
      if (old instanceof Float64Array || old instanceof Uint8Array || old instanceof Int32Array) {
        const next = new (old.constructor as new (n: number) => Float64Array | Uint8Array | Int32Array)(capacity);
        next.set(old);
        fields[key] = next;
      }
    }
    this.capacity = capacity;
  }
}
