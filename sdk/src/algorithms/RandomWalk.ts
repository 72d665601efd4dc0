/**
 * Random ballistic walk (MAES RBW): drive straight until a collision cancels the move or the lidar
 * sees an obstacle close ahead (or its own SLAM map holds a wall there), then rotate by a random angle and drive on; a turn that ends facing
 * an obstacle is followed by another turn, so no move starts into a wall. Unlike MAES, the turn
 * direction is random too (MAES's `Random.Next(0, 1)` is always 0, so its robots always turn one way).
 */
import type { Controller, LidarScan, Pose, Robot } from '../Robot.js';
import { SlamCell } from '../SlamMapView.js';
import type { AlgorithmContext, AlgorithmInfo, AlgorithmRng } from './AlgorithmInfo.js';
import { wrapAngle } from '@swarmgate/protocols';

const DEG = Math.PI / 180;

type Phase = 'start' | 'forward' | 'braking' | 'turning';

export class RandomWalkController implements Controller {
  private phase: Phase = 'start';
  private readonly rng: AlgorithmRng;
  private readonly obstacleDistanceM: number;
  private readonly halfConeRad: number;
  private readonly minTurnDeg: number;
  private readonly maxTurnDeg: number;
  private readonly legLengthM: number;

  constructor(context: AlgorithmContext) {
    const p = context.params;
    this.rng = context.rng;
    this.obstacleDistanceM = p.obstacleDistanceM;
    this.halfConeRad = (p.frontConeDeg / 2) * DEG;
    this.minTurnDeg = p.minTurnDeg;
    this.maxTurnDeg = Math.max(p.minTurnDeg, p.maxTurnDeg);
    this.legLengthM = p.legLengthM;
  }

  tick(robot: Robot): void {
    const state = robot.state();
    const idle = state.status === 'idle';
    switch (this.phase) {
      case 'start':
      case 'turning':
        if (!idle) return;
        // Turned to face a wall (or a robot): turn again rather than drive into what the lidar sees.
        if (this.obstacleAhead(state.scan) || this.mappedSolidAhead(robot, state.pose)) this.turn(robot);
        else {
          robot.move(this.legLengthM);
          this.phase = 'forward';
        }
        return;
      case 'forward':
        // A collision cancels the move (status idle); otherwise brake before the obstacle.
        if (idle) this.turn(robot);
        else if (state.collision.started || this.obstacleAhead(state.scan) || this.mappedSolidAhead(robot, state.pose)) {
          robot.stop();
          this.phase = 'braking';
        }
        return;
      case 'braking':
        if (idle) this.turn(robot);
        return;
    }
  }

  private turn(robot: Robot): void {
    const magnitude = this.minTurnDeg + this.rng.nextFloat() * (this.maxTurnDeg - this.minTurnDeg);
    robot.rotate(this.rng.nextFloat() < 0.5 ? -magnitude : magnitude);
    this.phase = 'turning';
  }

  /**
   * A cell the robot's own SLAM map holds solid on the straight line ahead, within the obstacle
   * distance (checked every half SLAM cell): the map remembers walls the lidar's rays may miss.
   */
  private mappedSolidAhead(robot: Robot, pose: Pose): boolean {
    const stepM = robot.map.cellSizeM / 2;
    const dx = Math.cos(pose.headingRad);
    const dy = Math.sin(pose.headingRad);
    for (let d = stepM; d <= this.obstacleDistanceM; d += stepM) {
      const cell = robot.map.worldToCell(pose.xM + dx * d, pose.yM + dy * d);
      if (cell === null || robot.map.cellAt(cell.x, cell.y) === SlamCell.Solid) return true;
    }
    return false;
  }

  /** Any ray within the front cone shorter than the obstacle distance. Allocation-free. */
  private obstacleAhead(scan: LidarScan | null): boolean {
    if (scan === null) return false;
    const ranges = scan.rangesM;
    for (let i = 0; i < ranges.length; i++) {
      if (ranges[i] < this.obstacleDistanceM && Math.abs(wrapAngle(scan.angleMinRad + i * scan.angleIncrementRad)) <= this.halfConeRad) {
        return true;
      }
    }
    return false;
  }
}

export const randomWalk: AlgorithmInfo = {
  name: 'random',
  summary: 'Random ballistic walk: straight until a collision or an obstacle ahead, then turn by a random angle.',
  parameters: [
    {
      name: 'obstacleDistanceM',
      unit: 'm',
      default: 0.7,
      min: 0,
      max: 100,
      doc: 'Turn when a lidar ray in the front cone is shorter than this (from the robot centre).',
    },
    { name: 'frontConeDeg', unit: 'deg', default: 60, min: 0, max: 360, doc: 'Width of the front cone watched for obstacles.' },
    { name: 'minTurnDeg', unit: 'deg', default: 50, min: 0, max: 180, doc: 'Smallest random turn (MAES: 50).' },
    { name: 'maxTurnDeg', unit: 'deg', default: 179, min: 0, max: 180, doc: 'Largest random turn (MAES: 179).' },
    { name: 'legLengthM', unit: 'm', default: 1000, min: 0.1, max: 1e6, doc: 'Distance of one straight move if nothing stops it first.' },
  ],
  create: (context) => new RandomWalkController(context),
};
