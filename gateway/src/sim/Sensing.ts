/**
 * The sense phase: the registered sensors (`SENSORS` in sensors.ts, or a list given to the
 * constructor) run in registry order: every sensor's beginTick, then per active robot in slot
 * order every sensor's senseRobot, then every sensor's endTick. With the built-in registry that
 * is, from the post-physics true poses: pose-estimate error (bounded random walk), lidar (walls,
 * then other robots) with SLAM integration, automatic SLAM merging in communication groups.
 *
 * The on-demand readings: a sensor with an `onDemand` hook fills one State field (with the
 * built-in registry: nearby robots, tags, collision, inbox), built when a State's field is
 * first read or settled (`read`, called by SimRobot's State); poses do not change during
 * control, so this is deterministic.
 *
 * Sensing owns the outputs other engine parts read (the lidar's ranges, the SLAM maps); the
 * plug-ins compute them.
 */
import type { Pose, SlamMap } from '@swarmgate/sdk';
import { Lidar } from './Lidar.js';
import { LidarThreads } from './LidarThreads.js';
import { wrapAngle } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import type { StateDropCounts } from './stateReadings.js';
import { SENSORS, type OnDemandField, type OnDemandReader, type OnDemandReadings, type SensorHooks, type SensorPlugin } from './sensors.js';
import type { World } from './World.js';

export class Sensing {
  readonly lidar: Lidar;
  /** The threads that cast the lidar's wall rays (config.workers: this one and workers - 1 more). */
  readonly lidarThreads: LidarThreads;
  readonly slamMaps: (SlamMap | null)[] = [];
  /** The sensors' hooks, each list in registry order (only sensors that have the hook). */
  private readonly onAdmit: SensorHooks[];
  private readonly onAdded: SensorHooks[];
  private readonly onBegin: SensorHooks[];
  private readonly onRobot: SensorHooks[];
  private readonly onEnd: SensorHooks[];
  /** Every sensor's senseRobot is robotLocal (SensorHooks): control may overlap sensing. */
  private readonly robotLocal: boolean;
  /** Per State field, the sensor that fills it on demand (none: the field stays empty). */
  private readonly readers: Partial<Record<OnDemandField, OnDemandReader>> = {};

  constructor(
    readonly world: World,
    sensors: readonly SensorPlugin[] = SENSORS,
  ) {
    this.lidar = new Lidar(world.grid, world.config.lidar);
    this.lidarThreads = new LidarThreads(this.lidar, world.grid, world.config.lidar, world.config.workers, world.config.robot.radiusM);
    const hooks = sensors.map((s) => s.create(this));
    this.onAdmit = hooks.filter((h) => h.admitRobot);
    this.onAdded = hooks.filter((h) => h.onRobotAdded);
    this.onBegin = hooks.filter((h) => h.beginTick);
    this.onRobot = hooks.filter((h) => h.senseRobot);
    this.onEnd = hooks.filter((h) => h.endTick);
    this.robotLocal = this.onRobot.every((h) => h.robotLocal === true);
    hooks.forEach((h, k) => {
      const reader = h.onDemand;
      if (!reader) return;
      const other = this.readers[reader.field];
      if (other) {
        const first = sensors[hooks.findIndex((o) => o.onDemand === other)].name;
        throw new SwarmgateError(
          'SG_SIM_CONFIG',
          `sensors '${first}' and '${sensors[k].name}' both fill the State field '${reader.field}'; register one of them`,
        );
      }
      this.readers[reader.field] = reader;
    });
  }

  /**
   * Robot `slot`'s on-demand reading for State field `field`, from this tick's buffers, or
   * undefined when no registered sensor fills the field.
   */
  read<F extends OnDemandField>(field: F, slot: number, drops: StateDropCounts): OnDemandReadings[F] | undefined {
    const reader = this.readers[field];
    // Each reader is kept under its own field, so its reading has that field's type.
    return reader ? (reader.read(slot, drops) as OnDemandReadings[F]) : undefined;
  }

  /** Throws when a sensor refuses one more robot (World.addRobot asks before it changes anything). */
  admitRobot(): void {
    for (let s = 0; s < this.onAdmit.length; s++) this.onAdmit[s].admitRobot?.();
  }

  onRobotAdded(slot: number, id: string): void {
    for (let s = 0; s < this.onAdded.length; s++) this.onAdded[s].onRobotAdded?.(slot, id);
  }

  /** The controller-facing scan ranges of robot `slot` (walls and robots), a live view. */
  scanRanges(slot: number): Float32Array {
    const n = this.lidar.rayCount;
    return this.lidar.rangesM.subarray(slot * n, slot * n + n);
  }

  /** The sense phase: beginSense, senseRobot for every active robot in slot order, endSense. */
  sense(): void {
    const t = this.world.table;
    this.beginSense();
    for (let i = 0; i < t.count; i++) if (t.active[i]) this.senseRobot(i);
    this.endSense();
  }

  /**
   * Whether this tick's controllers may run interleaved with sensing, each right after its own
   * robot is sensed (World.step): with worker threads to cast the later robots' rays meanwhile,
   * when every sensor's senseRobot is robotLocal and no endTick is due (SensorHooks).
   */
  overlapsControl(): boolean {
    if (!this.robotLocal || !this.lidarThreads.hasWorkers()) return false;
    const tick = this.world.tick;
    for (let s = 0; s < this.onEnd.length; s++) if (this.onEnd[s].endTickDue?.(tick) !== false) return false;
    return true;
  }

  /** A copy of scanRanges(slot), made without the view (one array per copy, not two: states copy every scan every tick). */
  scanCopy(slot: number): Float32Array {
    const n = this.lidar.rayCount;
    return this.lidar.rangesM.slice(slot * n, slot * n + n);
  }

  /** Every sensor's beginTick (the lidar starts its casts here, on every thread). */
  beginSense(): void {
    const tick = this.world.tick;
    // Indexed loops over preallocated lists: nothing here allocates per tick.
    for (let s = 0; s < this.onBegin.length; s++) this.onBegin[s].beginTick?.(tick);
  }

  /** Every sensor's senseRobot for active robot `slot`, in registry order. */
  senseRobot(slot: number): void {
    const tick = this.world.tick;
    const perRobot = this.onRobot;
    for (let s = 0; s < perRobot.length; s++) perRobot[s].senseRobot?.(slot, tick);
  }

  /** Finishes the casts (their exploration counts), then every sensor's endTick. */
  endSense(): void {
    const tick = this.world.tick;
    this.lidarThreads.finishCasts();
    for (let s = 0; s < this.onEnd.length; s++) this.onEnd[s].endTick?.(tick);
  }

  /** Robot `slot`'s pose estimate: true pose + SLAM error (a fresh object for the controller). */
  estimatePose(slot: number): Pose {
    const t = this.world.table;
    return { xM: t.xM[slot] + t.errXM[slot], yM: t.yM[slot] + t.errYM[slot], headingRad: wrapAngle(t.angleRad[slot]) };
  }
}
