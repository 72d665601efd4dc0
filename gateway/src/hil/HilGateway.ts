/**
 * The small core of hardware in the loop: a robot registry, the command safety filter and
 * the registered transport plugins (MQTT, serial). Everything that moves a physical robot
 * goes through `drive` (safety-filtered) or `emergencyStop` (docs/safety.md#emergency-stop).
 *
 *   const hil = new HilGateway({ safety: new CommandSafety({ arena }) });
 *   hil.register(new MqttBridge({ url, fleet: 'lab', registry: hil.registry }));
 *   await hil.start();
 *   hil.drive('mona-01', 0.05, 0.05, trackerPose);
 *   hil.emergencyStopAll('operator');
 */
import { MONA_SPEC, type EnvelopeBodyInit } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { CommandSafety, newMotorDecision, type MotorDecision, type SafetyLimits, type SafetyPose } from './CommandSafety.js';
import type { Fleet } from './FleetFile.js';
import { RobotRegistry } from './RobotRegistry.js';
import type { RobotLinkPlugin } from './RobotLink.js';

export interface HilGatewayOptions {
  readonly registry?: RobotRegistry;
  readonly safety?: CommandSafety;
  /** Fleet limits (maxWheelSpeedMps) override a robot's Birth and the model when smaller. */
  readonly fleet?: Fleet | null;
}

export class HilGateway {
  readonly registry: RobotRegistry;
  readonly safety: CommandSafety;
  private readonly links: RobotLinkPlugin[] = [];
  private readonly fleetSpeedLimits = new Map<string, number>();
  private started = false;

  constructor(options: HilGatewayOptions = {}) {
    this.registry = options.registry ?? new RobotRegistry();
    this.safety = options.safety ?? new CommandSafety();
    for (const robot of options.fleet?.robots ?? []) {
      if (robot.limits.maxWheelSpeedMps !== undefined) this.fleetSpeedLimits.set(robot.id, robot.limits.maxWheelSpeedMps);
    }
  }

  /** Adds a transport. Register before start(); names must be unique. */
  register(link: RobotLinkPlugin): this {
    if (this.started) throw new SwarmgateError('SG_HIL_REGISTER', `register(${link.name}) after start(); register every link first`);
    if (this.links.some((l) => l.name === link.name)) {
      throw new SwarmgateError('SG_HIL_REGISTER', `a link named ${link.name} is already registered`);
    }
    this.links.push(link);
    return this;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const link of this.links) await link.start();
  }

  /** Halts every robot the links reach (a zero MotorCommand), then stops the links. */
  async stop(): Promise<void> {
    // Robots stop now, not when their last MotorCommand's deadline passes.
    if (this.started) this.broadcastOnEveryLink([this.haltBody()]);
    for (const link of [...this.links].reverse()) await link.stop();
    this.registry.close();
  }

  linkOf(robotId: string): RobotLinkPlugin | undefined {
    return this.links.find((link) => link.carries(robotId));
  }

  /**
   * The limits the safety filter applies. A Birth is the robot's own claim, so it may tighten
   * them but never loosen them below the model (MONA_SPEC) or the fleet file:
   * - speed: the least of the Birth's, the model's and the fleet file's;
   * - body radius: the larger of the Birth's and the model's (a bigger body keeps further from
   *   walls and the fence; a smaller claim would let it graze them);
   * - wheel base: the model's. The filter projects the arc with it, and a claim could only
   *   mispredict that arc, either way: a smaller base curls the projection up in place (it
   *   reaches fewer walls), a larger one straightens it (it misses walls to the side).
   */
  limitsOf(robotId: string): SafetyLimits {
    const caps = this.registry.get(robotId)?.capabilities;
    return {
      maxWheelSpeedMps: Math.min(
        usable(caps?.maxWheelSpeedMps, MONA_SPEC.maxWheelSpeedMps),
        MONA_SPEC.maxWheelSpeedMps,
        this.fleetSpeedLimits.get(robotId) ?? Infinity,
      ),
      wheelBaseM: MONA_SPEC.wheelBaseM,
      bodyRadiusM: Math.max(usable(caps?.bodyDiameterM, MONA_SPEC.bodyDiameterM), MONA_SPEC.bodyDiameterM) / 2,
    };
  }

  /**
   * Safety-filters wheel speeds and sends the resulting MotorCommand (a refusal sends a stop,
   * so the robot never keeps an older set-point). `out` is the caller's scratch decision;
   * `sent` is false when no link carries the robot or the link is down.
   */
  drive(
    robotId: string,
    leftMps: number,
    rightMps: number,
    pose: SafetyPose | null,
    commandId = 0,
    out: MotorDecision = newMotorDecision(),
  ): { decision: MotorDecision; sent: boolean } {
    const decision = this.safety.filterWheels(this.limitsOf(robotId), pose, leftMps, rightMps, out);
    const link = this.linkOf(robotId);
    const sent =
      link?.send(robotId, {
        motorCommand: { leftMps: decision.leftMps, rightMps: decision.rightMps, deadlineMs: decision.deadlineMs, commandId },
      }) ?? false;
    return { decision, sent };
  }

  /** Sends one Envelope body (e.g. a Command or State) over the robot's link. */
  send(robotId: string, body: EnvelopeBodyInit): boolean {
    return this.linkOf(robotId)?.send(robotId, body) ?? false;
  }

  /**
   * Emergency stop for one robot: a zero MotorCommand and an EmergencyStop Command over every
   * link that reaches it. Returns the sends that went out.
   */
  emergencyStop(robotId: string, reason: string): number {
    return this.sendOnEveryLink(robotId, this.stopBodies(reason));
  }

  /** Emergency stop for every robot every link can reach. Returns the sends that went out. */
  emergencyStopAll(reason: string): number {
    return this.broadcastOnEveryLink(this.stopBodies(reason));
  }

  /**
   * Clears the firmware's emergency-stop latch of one robot: a ReleaseEmergencyStop Command
   * over every link that reaches it (docs/safety.md#emergency-stop). Returns the sends that went out.
   */
  releaseEmergencyStop(robotId: string, reason: string): number {
    return this.sendOnEveryLink(robotId, [releaseBody(reason)]);
  }

  /** Release for every robot every link can reach. Returns the sends that went out. */
  releaseEmergencyStopAll(reason: string): number {
    return this.broadcastOnEveryLink([releaseBody(reason)]);
  }

  private sendOnEveryLink(robotId: string, bodies: readonly EnvelopeBodyInit[]): number {
    let sends = 0;
    for (const link of this.links) {
      if (!link.carries(robotId)) continue;
      for (const body of bodies) sends += Number(link.send(robotId, body));
    }
    return sends;
  }

  private broadcastOnEveryLink(bodies: readonly EnvelopeBodyInit[]): number {
    let sends = 0;
    for (const link of this.links) {
      for (const body of bodies) sends += link.broadcast(body);
    }
    return sends;
  }

  private haltBody(): EnvelopeBodyInit {
    return { motorCommand: { leftMps: 0, rightMps: 0, deadlineMs: this.safety.deadlineMs, commandId: 0 } };
  }

  private stopBodies(reason: string): EnvelopeBodyInit[] {
    return [this.haltBody(), { command: { commandId: 0, emergencyStop: { reason } } }];
  }
}

/**
 * A Birth is device input: a zero, negative, NaN or infinite claim falls back to MONA_SPEC.
 * Module-level, not a closure in limitsOf: tsx's keepNames wraps every closure creation in a
 * defineProperty call: 7% of `drive`'s CPU time in a profile.
 */
function usable(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function releaseBody(reason: string): EnvelopeBodyInit {
  return { command: { commandId: 0, releaseEmergencyStop: { reason } } };
}
