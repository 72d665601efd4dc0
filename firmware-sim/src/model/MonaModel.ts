import { Random, wrapAngle } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import type { Arena } from './Arena.js';
import { Battery, DEFAULT_BATTERY, type BatteryOptions } from './Battery.js';

/**
 * The physical parameters the model needs: a structural subset of protocols' MonaSpec, so
 * MONA_SPEC itself is passed in (the constants live once, in protocols).
 */
export interface MonaDimensions {
  readonly bodyDiameterM: number;
  readonly wheelRadiusM: number;
  readonly wheelBaseM: number;
  readonly encoderTicksPerRev: number;
  readonly maxWheelSpeedMps: number;
  /** IR sensors in telemetry order; angle relative to the heading, counter-clockwise positive. */
  readonly irSensors: readonly { readonly angleRad: number }[];
  readonly irRangeMaxM: number;
  readonly batteryFullVolts: number;
  readonly batteryEmptyVolts: number;
}

export interface Pose {
  xM: number;
  yM: number;
  headingRad: number;
}

export interface MonaModelOptions {
  readonly dims: MonaDimensions;
  readonly arena: Arena;
  readonly seed: number;
  readonly startPose: Readonly<Pose>;
  /** Fixed integration step; the model never integrates a partial step. */
  readonly stepMs?: number;
  /** Std-dev of the multiplicative encoder noise per step (0.02 = 2 %). */
  readonly encoderNoiseStd?: number;
  /** Per step, each wheel loses a uniform fraction in [0, maxSlip) of its ground motion. */
  readonly maxSlip?: number;
  readonly battery?: BatteryOptions;
}

export type WheelCommandResult = 'ok' | 'clamped' | 'estopped' | 'battery-empty';

const LEFT = 0;
const RIGHT = 1;

/**
 * A MONA-class differential-drive robot integrated at a fixed step from an injected time:
 * the caller says "advance to t"; wall-clock time never enters. Wheel commands carry a
 * deadline in model time: at the first step starting at or after it, the motors stop
 * (the firmware watchdog), so the pose is right however late the caller's timer fires.
 *
 * Encoders count wheel rotation (with noise); the ground moves by the rotation less slip,
 * so odometry drifts from the true pose as it does on a real robot.
 */
export class MonaModel {
  readonly dims: MonaDimensions;
  readonly stepMs: number;
  readonly battery: Battery;
  /** True pose: x, y (m) and heading (rad, in (-pi, pi]). */
  readonly pose: Pose;
  /** Commanded wheel surface speeds, m/s (0 after the watchdog, estop or an empty battery). */
  readonly wheelSpeedMps = new Float64Array(2);
  /** Encoder counts, left and right; signed, they count down when a wheel turns backwards. */
  readonly encoderTicks = new Float64Array(2);
  /** Last IR ranges, metres (irRangeMaxM when nothing is seen), after readIr(). */
  readonly irRangeM: Float64Array;
  /** LED colour as 0xRRGGBB (the firmware drives it as a status light). */
  ledRgb = 0;

  private timeMsValue = 0;
  private motorDeadlineMs = Number.NEGATIVE_INFINITY;
  private emergencyStopped = false;
  private bumpedValue = false;
  private watchdogTripsValue = 0;
  private collisionsValue = 0;
  private readonly encoderExact = new Float64Array(2);
  private readonly arena: Arena;
  private readonly bodyRadiusM: number;
  private readonly encoderNoiseStd: number;
  private readonly maxSlip: number;
  private readonly encoderRng: Random;
  private readonly slipRng: Random;

  constructor(options: MonaModelOptions) {
    const { dims } = options;
    this.dims = dims;
    this.arena = options.arena;
    this.stepMs = options.stepMs ?? 5;
    this.encoderNoiseStd = options.encoderNoiseStd ?? 0.02;
    this.maxSlip = options.maxSlip ?? 0.03;
    checkPositive('stepMs', this.stepMs);
    checkPositive('wheelRadiusM', dims.wheelRadiusM);
    checkPositive('wheelBaseM', dims.wheelBaseM);
    checkPositive('bodyDiameterM', dims.bodyDiameterM);
    checkPositive('encoderTicksPerRev', dims.encoderTicksPerRev);
    checkPositive('maxWheelSpeedMps', dims.maxWheelSpeedMps);
    if (!(this.encoderNoiseStd >= 0 && this.encoderNoiseStd < 1)) {
      throw new SwarmgateError('SG_MODEL_CONFIG', `encoderNoiseStd must be in [0, 1), got ${this.encoderNoiseStd}`);
    }
    if (!(this.maxSlip >= 0 && this.maxSlip < 1)) {
      throw new SwarmgateError('SG_MODEL_CONFIG', `maxSlip must be in [0, 1), got ${this.maxSlip}`);
    }
    this.bodyRadiusM = dims.bodyDiameterM / 2;
    this.battery = new Battery(options.battery ?? DEFAULT_BATTERY, dims.batteryFullVolts, dims.batteryEmptyVolts);
    this.pose = { ...options.startPose };
    if (!this.arena.contains(this.pose.xM, this.pose.yM)) {
      throw new SwarmgateError(
        'SG_MODEL_CONFIG',
        `start pose (${this.pose.xM}, ${this.pose.yM}) is outside the ${this.arena.widthM} x ${this.arena.heightM} m arena`,
      );
    }
    this.irRangeM = new Float64Array(dims.irSensors.length).fill(dims.irRangeMaxM);
    this.encoderRng = Random.fromSeed(options.seed).fork('encoders');
    this.slipRng = Random.fromSeed(options.seed).fork('slip');
  }

  /** Model time, ms since boot: a whole number of steps. */
  get timeMs(): number {
    return this.timeMsValue;
  }

  get emergencyStopActive(): boolean {
    return this.emergencyStopped;
  }

  /** The body touched a wall during the last advanceTo(). */
  get bumped(): boolean {
    return this.bumpedValue;
  }

  /** How many times the watchdog stopped moving motors. */
  get watchdogTrips(): number {
    return this.watchdogTripsValue;
  }

  /** Steps in which a wall stopped the body. */
  get collisions(): number {
    return this.collisionsValue;
  }

  get motorsRunning(): boolean {
    return this.wheelSpeedMps[LEFT] !== 0 || this.wheelSpeedMps[RIGHT] !== 0;
  }

  /**
   * Latches wheel surface speeds (m/s) until deadlineMs (model time). Speeds beyond the motor's
   * limit are clamped, and the result says so; refused while the emergency stop is latched.
   */
  setWheelSpeeds(leftMps: number, rightMps: number, deadlineMs: number): WheelCommandResult {
    if (this.emergencyStopped) return 'estopped';
    if (this.battery.empty) return 'battery-empty';
    const max = this.dims.maxWheelSpeedMps;
    const left = Math.max(-max, Math.min(max, leftMps));
    const right = Math.max(-max, Math.min(max, rightMps));
    this.wheelSpeedMps[LEFT] = left;
    this.wheelSpeedMps[RIGHT] = right;
    this.motorDeadlineMs = deadlineMs;
    return left !== leftMps || right !== rightMps ? 'clamped' : 'ok';
  }

  stopMotors(): void {
    this.wheelSpeedMps[LEFT] = 0;
    this.wheelSpeedMps[RIGHT] = 0;
    this.motorDeadlineMs = Number.NEGATIVE_INFINITY;
  }

  /** Stops the motors and refuses wheel commands until clearEmergencyStop() or reboot(). */
  emergencyStop(): void {
    this.stopMotors();
    this.emergencyStopped = true;
  }

  /** Accepts wheel commands again; the motors stay off until the next setWheelSpeeds(). */
  clearEmergencyStop(): void {
    this.emergencyStopped = false;
  }

  /**
   * A firmware reset: motors off, emergency stop cleared, encoder counters zeroed. The body
   * stays where it is and the battery keeps its charge.
   */
  reboot(): void {
    this.stopMotors();
    this.emergencyStopped = false;
    this.encoderExact.fill(0);
    this.encoderTicks.fill(0);
  }

  /** Integrates whole steps up to targetMs (model time). Allocation-free. */
  advanceTo(targetMs: number): void {
    this.bumpedValue = false;
    const dtS = this.stepMs / 1000;
    while (this.timeMsValue + this.stepMs <= targetMs) {
      if (this.motorsRunning && this.timeMsValue >= this.motorDeadlineMs) {
        this.stopMotors();
        this.watchdogTripsValue++;
      }
      if (this.battery.empty) this.stopMotors();
      this.step(dtS);
      this.timeMsValue += this.stepMs;
    }
  }

  /** Casts the IR rays from the body's rim; fills irRangeM (distances from the rim). */
  readIr(): Float64Array {
    const { xM, yM, headingRad } = this.pose;
    const sensors = this.dims.irSensors;
    const r = this.bodyRadiusM;
    for (let i = 0; i < sensors.length; i++) {
      const direction = headingRad + sensors[i]!.angleRad;
      const rimX = xM + r * Math.cos(direction);
      const rimY = yM + r * Math.sin(direction);
      this.irRangeM[i] = this.arena.rayCastM(rimX, rimY, direction, this.dims.irRangeMaxM);
    }
    return this.irRangeM;
  }

  private step(dtS: number): void {
    const speed = this.wheelSpeedMps;
    const maxSpeed = this.dims.maxWheelSpeedMps;
    const radiusM = this.dims.wheelRadiusM;
    this.battery.drain(dtS, (Math.abs(speed[LEFT]!) + Math.abs(speed[RIGHT]!)) / (2 * maxSpeed));
    if (speed[LEFT] === 0 && speed[RIGHT] === 0) return;

    const ticksPerRad = this.dims.encoderTicksPerRev / (2 * Math.PI);
    let groundLeftM = 0;
    let groundRightM = 0;
    for (let wheel = LEFT; wheel <= RIGHT; wheel++) {
      const angleRad = (speed[wheel]! / radiusM) * dtS;
      const noise = this.encoderNoiseStd === 0 ? 1 : 1 + this.encoderNoiseStd * this.encoderRng.gaussian();
      this.encoderExact[wheel] = this.encoderExact[wheel]! + angleRad * ticksPerRad * noise;
      this.encoderTicks[wheel] = Math.trunc(this.encoderExact[wheel]!);
      const slip = this.maxSlip === 0 ? 0 : this.maxSlip * this.slipRng.nextFloat();
      const groundM = angleRad * radiusM * (1 - slip);
      if (wheel === LEFT) groundLeftM = groundM;
      else groundRightM = groundM;
    }
    this.integratePose(groundLeftM, groundRightM);
  }

  /** Exact arc integration of one step's ground travel of each wheel. */
  private integratePose(leftM: number, rightM: number): void {
    const pose = this.pose;
    const distanceM = (leftM + rightM) / 2;
    const turnRad = (rightM - leftM) / this.dims.wheelBaseM;
    const heading = pose.headingRad;
    let nextX: number;
    let nextY: number;
    if (Math.abs(turnRad) < 1e-12) {
      nextX = pose.xM + distanceM * Math.cos(heading);
      nextY = pose.yM + distanceM * Math.sin(heading);
    } else {
      const radiusM = distanceM / turnRad;
      nextX = pose.xM + radiusM * (Math.sin(heading + turnRad) - Math.sin(heading));
      nextY = pose.yM - radiusM * (Math.cos(heading + turnRad) - Math.cos(heading));
    }
    pose.headingRad = wrapAngle(heading + turnRad);
    // A wall stops translation but the wheels still turn the body (a bumper against a
    // fence). Only moves that push further into a wall are blocked, so a robot touching
    // one can still back away.
    const r = this.bodyRadiusM;
    const nextClearanceM = this.arena.nearestWallM(nextX, nextY) - r;
    if (nextClearanceM < 0 && nextClearanceM < this.arena.nearestWallM(pose.xM, pose.yM) - r) {
      this.bumpedValue = true;
      this.collisionsValue++;
      return;
    }
    pose.xM = nextX;
    pose.yM = nextY;
  }
}

function checkPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new SwarmgateError('SG_MODEL_CONFIG', `${name} must be a positive number, got ${value}`);
  }
}
