/**
 * Test support (`@swarmgate/sdk/testing`): a kinematic disc robot on a ground-truth Grid implementing the
 * Robot interface with a real SlamMap, so controllers can be tested before the planck engine
 * exists. Commands are latched and applied at the next step (the engine's rule), checked with
 * validateAction. No dynamics: speeds are reached at once; a step that would overlap a wall is
 * refused, cancels a move/rotate and is reported as a collision.
 */
import { isWall, type Grid } from '@swarmgate/maps';
import type { CollisionState, InboxMessage, LidarScan, NearbyRobot, Pose, Robot, RobotState, RobotStatus } from '../Robot.js';
import { createClampWarnings, validateAction, type ActionLimits, type RobotAction } from '../actions/validateAction.js';
import { payloadBytes } from '../actions/payloadBytes.js';
import { SlamMap } from '../slam/SlamMap.js';
import { copyRobotState } from '../copyRobotState.js';
import { castGridRay } from './castGridRay.js';

export interface PointRobotOptions {
  readonly id?: string;
  readonly pose: Pose;
  readonly radiusM?: number;
  readonly dtS?: number;
  readonly rays?: number;
  readonly rangeMaxM?: number;
  /** Speed of move() and top speed, m/s. */
  readonly speedMps?: number;
  /** Turn rate of rotate(), rad/s. */
  readonly turnRateRadps?: number;
}

const LIMITS: ActionLimits = { maxLinearMps: 3, maxAngularRadps: 4, maxWheelMps: 3 };

export class PointRobot implements Robot {
  readonly id: string;
  readonly map: SlamMap;
  readonly clampWarnings = createClampWarnings();
  /** Broadcasts made since the last step, for a test to deliver. */
  readonly outbox: Uint8Array[] = [];
  /** Messages to show in the next state's inbox. */
  readonly pendingInbox: InboxMessage[] = [];
  /** What the next states report as nearby robots (a test sets it). */
  nearbyRobots: NearbyRobot[] = [];
  collisions = 0;
  /** Report a contact at the next step, as if another robot bumped into this one. */
  bumpNextStep = false;
  distanceM = 0;
  private x: number;
  private y: number;
  private heading: number;
  private tick = 0;
  private status: RobotStatus = 'idle';
  private latched: RobotAction | null = null;
  private remaining = 0;
  private linearMps = 0;
  private angularRadps = 0;
  private collision: CollisionState = { started: false, touching: false };
  private scan: LidarScan | null = null;
  private inbox: InboxMessage[] = [];
  private readonly radiusM: number;
  private readonly dtS: number;
  private readonly rays: number;
  private readonly rangeMaxM: number;
  private readonly speedMps: number;
  private readonly turnRateRadps: number;

  constructor(
    private readonly grid: Grid,
    options: PointRobotOptions,
  ) {
    this.id = options.id ?? 'r0';
    this.x = options.pose.xM;
    this.y = options.pose.yM;
    this.heading = options.pose.headingRad;
    this.radiusM = options.radiusM ?? 0.3;
    this.dtS = options.dtS ?? 0.1;
    this.rays = options.rays ?? 90;
    this.rangeMaxM = options.rangeMaxM ?? 5;
    this.speedMps = options.speedMps ?? 2;
    this.turnRateRadps = options.turnRateRadps ?? Math.PI;
    this.map = SlamMap.forGrid(grid);
    this.sense();
  }

  /** What it sensed at the last step, as a copy per call (the snapshot rule). */
  state(): RobotState {
    return copyRobotState({
      tick: this.tick,
      pose: { xM: this.x, yM: this.y, headingRad: this.heading },
      status: this.status,
      collision: this.collision,
      scan: this.scan,
      nearbyRobots: this.nearbyRobots,
      inbox: this.inbox,
      nearbyTags: [],
      batteryFraction: null,
    });
  }

  move(distanceM: number): void {
    this.latch({ kind: 'move', distanceM });
  }
  rotate(degrees: number): void {
    this.latch({ kind: 'rotate', degrees });
  }
  setVelocity(linearMps: number, angularRadps: number): void {
    this.latch({ kind: 'velocity', linearMps, angularRadps });
  }
  setWheelSpeeds(leftMps: number, rightMps: number): void {
    this.latch({ kind: 'wheels', leftMps, rightMps });
  }
  stop(): void {
    this.latch({ kind: 'stop' });
  }
  broadcast(payload: unknown): void {
    this.outbox.push(payloadBytes(payload, 'broadcast'));
  }
  depositTag(payload: unknown): void {
    payloadBytes(payload, 'tag');
  }

  private latch(action: RobotAction): void {
    this.latched = validateAction(action, LIMITS, this.clampWarnings, this.effectiveStatus());
  }

  /** Status once the latched command applies: what a new move/rotate would collide with (as SimRobot). */
  private effectiveStatus(): RobotStatus {
    switch (this.latched?.kind) {
      case 'move':
        return 'moving';
      case 'rotate':
        return 'rotating';
      case 'velocity':
      case 'wheels':
        return 'driving';
      case 'stop':
        return 'idle';
      default:
        return this.status;
    }
  }

  /** One logic tick: apply the latched command, move, sense. */
  step(): void {
    this.tick++;
    this.applyLatched();
    let started = false;
    switch (this.status) {
      case 'moving': {
        const stepM = Math.min(this.speedMps * this.dtS, Math.abs(this.remaining));
        if (!this.translate(Math.sign(this.remaining) * stepM)) started = this.collide();
        else if ((this.remaining -= Math.sign(this.remaining) * stepM) === 0) this.status = 'idle';
        break;
      }
      case 'rotating': {
        const stepRad = Math.min(this.turnRateRadps * this.dtS, Math.abs(this.remaining));
        this.heading += Math.sign(this.remaining) * stepRad;
        if ((this.remaining -= Math.sign(this.remaining) * stepRad) === 0) this.status = 'idle';
        break;
      }
      case 'driving':
        this.heading += this.angularRadps * this.dtS;
        if (!this.translate(this.linearMps * this.dtS)) started = this.collide();
        break;
      case 'idle':
        break;
    }
    if (this.bumpNextStep) {
      this.bumpNextStep = false;
      started = this.collide();
    }
    this.heading = Math.atan2(Math.sin(this.heading), Math.cos(this.heading));
    this.collision = { started, touching: started };
    this.inbox = this.pendingInbox.splice(0);
    this.sense();
  }

  private applyLatched(): void {
    const action = this.latched;
    this.latched = null;
    if (action === null) return;
    switch (action.kind) {
      case 'move':
        this.status = 'moving';
        this.remaining = action.distanceM;
        break;
      case 'rotate':
        this.status = 'rotating';
        this.remaining = (action.degrees * Math.PI) / 180;
        break;
      case 'velocity':
        this.status = 'driving';
        this.linearMps = action.linearMps;
        this.angularRadps = action.angularRadps;
        break;
      case 'wheels': {
        const wheelBaseM = 0.5;
        this.status = 'driving';
        this.linearMps = (action.leftMps + action.rightMps) / 2;
        this.angularRadps = (action.rightMps - action.leftMps) / wheelBaseM;
        break;
      }
      case 'stop':
        this.status = 'idle';
        break;
    }
  }

  private collide(): boolean {
    this.collisions++;
    if (this.status !== 'driving') this.status = 'idle';
    return true;
  }

  /** Move along the heading unless the disc would overlap a wall; false when refused. */
  private translate(distanceM: number): boolean {
    const nx = this.x + Math.cos(this.heading) * distanceM;
    const ny = this.y + Math.sin(this.heading) * distanceM;
    if (this.overlapsWall(nx, ny)) return false;
    this.x = nx;
    this.y = ny;
    this.distanceM += Math.abs(distanceM);
    return true;
  }

  private overlapsWall(xM: number, yM: number): boolean {
    const g = this.grid;
    const r = this.radiusM;
    for (let cy = Math.floor((yM - r - g.originM.y) / g.cellSizeM); cy <= Math.floor((yM + r - g.originM.y) / g.cellSizeM); cy++) {
      for (let cx = Math.floor((xM - r - g.originM.x) / g.cellSizeM); cx <= Math.floor((xM + r - g.originM.x) / g.cellSizeM); cx++) {
        const outside = cx < 0 || cy < 0 || cx >= g.width || cy >= g.height;
        if (!outside && !isWall(g.cells[cy * g.width + cx])) continue;
        const x0 = g.originM.x + cx * g.cellSizeM;
        const y0 = g.originM.y + cy * g.cellSizeM;
        const px = Math.max(x0, Math.min(xM, x0 + g.cellSizeM)) - xM;
        const py = Math.max(y0, Math.min(yM, y0 + g.cellSizeM)) - yM;
        if (px * px + py * py < r * r) return true;
      }
    }
    return false;
  }

  private sense(): void {
    const inc = (2 * Math.PI) / this.rays;
    const rangesM = new Float32Array(this.rays);
    for (let i = 0; i < this.rays; i++) rangesM[i] = castGridRay(this.grid, this.x, this.y, this.heading + i * inc, this.rangeMaxM);
    this.scan = { angleMinRad: 0, angleIncrementRad: inc, rangeMaxM: this.rangeMaxM, rangesM };
    const pose = { xM: this.x, yM: this.y, headingRad: this.heading };
    this.map.markOpenDisk(this.x, this.y, this.radiusM);
    this.map.integrateScan(pose, this.scan);
  }
}
