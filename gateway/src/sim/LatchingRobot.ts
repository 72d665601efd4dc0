/**
 * The Robot API's commands, written once for every in-process robot: the sdk's action checks
 * (clamps counted), the broadcast and tag budgets with their messages, and the latched command
 * slot each action writes. Where the latch, the radio and the tags live is the subclass's: the
 * world's tables (SimRobot), or a turn's outcome on a controller thread (threadControl.ts), whose
 * engine applies it after the turn, as the world would have.
 */
import { MAX_BROADCASTS_PER_TICK, MAX_TAGS_PER_ROBOT, MAX_TAGS_TOTAL } from '@swarmgate/protocols';
import {
  SwarmgateError,
  payloadBytes,
  validateAction,
  type ActionLimits,
  type ClampWarnings,
  type Robot,
  type RobotAction,
  type RobotState,
  type RobotStatus,
  type SlamMapView,
} from '@swarmgate/sdk';
import { Latch } from './RobotTable.js';

const STATUS: readonly RobotStatus[] = ['idle', 'moving', 'rotating', 'driving'];

/** A RobotTable action code as the State's status. */
export function statusOf(action: number): RobotStatus {
  return STATUS[action] as RobotStatus;
}

/** A State's status as its RobotTable action code (statusOf's inverse). */
export function actionCodeOf(status: RobotStatus): number {
  return STATUS.indexOf(status);
}

/** What every command is checked and converted with. */
export interface CommandRules {
  readonly limits: ActionLimits;
  /** Clamps are counted here (would real hardware accept the commands?). */
  readonly clampWarnings: ClampWarnings;
  readonly wheelBaseM: number;
}

/** setVelocity's action, reused by every robot: validated and latched within the call, never kept. */
const velocityAction: RobotAction & { kind: 'velocity' } = { kind: 'velocity', linearMps: 0, angularRadps: 0 };

export abstract class LatchingRobot implements Robot {
  abstract readonly id: string;
  abstract readonly map: SlamMapView;
  abstract state(): RobotState;

  constructor(private readonly rules: CommandRules) {}

  /** The latched command (a Latch code), and the status of the current action. */
  protected abstract latched(): number;
  protected abstract currentStatus(): RobotStatus;
  protected abstract writeLatch(kind: number, a: number, b: number): void;
  /** The logic tick the robot's controller runs in (for budget messages). */
  protected abstract currentTick(): number;
  protected abstract broadcastsThisTick(): number;
  protected abstract send(bytes: Uint8Array): void;
  /** Tags this robot deposited in the trial, and tags in the trial, both including those not stored yet. */
  protected abstract tagsDeposited(): number;
  protected abstract tagsInTrial(): number;
  protected abstract storeTag(bytes: Uint8Array): void;

  move(distanceM: number): void {
    const action = this.validate({ kind: 'move', distanceM });
    this.writeLatch(Latch.Move, action.kind === 'move' ? action.distanceM : 0, 0);
  }

  rotate(degrees: number): void {
    const action = this.validate({ kind: 'rotate', degrees });
    this.writeLatch(Latch.Rotate, action.kind === 'rotate' ? (action.degrees * Math.PI) / 180 : 0, 0);
  }

  setVelocity(linearMps: number, angularRadps: number): void {
    // Controllers call this every tick: validate (which clamps in place) one reused action, not a new one per call.
    const velocity = velocityAction;
    velocity.linearMps = linearMps;
    velocity.angularRadps = angularRadps;
    validateAction(velocity, this.rules.limits, this.rules.clampWarnings, this.effectiveStatus());
    this.writeLatch(Latch.Velocity, velocity.linearMps, velocity.angularRadps);
  }

  setWheelSpeeds(leftMps: number, rightMps: number): void {
    const action = this.validate({ kind: 'wheels', leftMps, rightMps });
    if (action.kind !== 'wheels') return;
    this.writeLatch(Latch.Velocity, (action.leftMps + action.rightMps) / 2, (action.rightMps - action.leftMps) / this.rules.wheelBaseM);
  }

  stop(): void {
    this.writeLatch(Latch.Stop, 0, 0);
  }

  broadcast(payload: Uint8Array | unknown): void {
    const bytes = payloadBytes(payload, 'broadcast');
    if (this.broadcastsThisTick() >= MAX_BROADCASTS_PER_TICK) {
      throw new SwarmgateError(
        'SG_BUDGET',
        `robot ${this.id} already sent MAX_BROADCASTS_PER_TICK (${MAX_BROADCASTS_PER_TICK}) broadcasts at tick ${this.currentTick()}`,
      );
    }
    this.send(bytes);
  }

  depositTag(payload: Uint8Array | unknown): void {
    const bytes = payloadBytes(payload, 'tag');
    // Tags are permanent: without these two budgets one robot could fill the gateway's memory.
    if (this.tagsDeposited() >= MAX_TAGS_PER_ROBOT) {
      throw new SwarmgateError('SG_BUDGET', `robot ${this.id} already deposited MAX_TAGS_PER_ROBOT (${MAX_TAGS_PER_ROBOT}) tags`);
    }
    if (this.tagsInTrial() >= MAX_TAGS_TOTAL) throw tagsTotalError();
    this.storeTag(bytes);
  }

  /** The sdk's shared checks (clamps counted), against the busy status. */
  private validate(action: RobotAction): RobotAction {
    return validateAction(action, this.rules.limits, this.rules.clampWarnings, this.effectiveStatus());
  }

  /** Status after the latched command is applied: what a new move/rotate would collide with. */
  private effectiveStatus(): RobotStatus {
    switch (this.latched()) {
      case Latch.Move:
        return 'moving';
      case Latch.Rotate:
        return 'rotating';
      case Latch.Velocity:
        return 'driving';
      case Latch.Stop:
        return 'idle';
      default:
        return this.currentStatus();
    }
  }
}

/** The trial-wide tag budget's refusal. */
export function tagsTotalError(): SwarmgateError {
  return new SwarmgateError('SG_BUDGET', `the trial already holds MAX_TAGS_TOTAL (${MAX_TAGS_TOTAL}) tags`);
}
