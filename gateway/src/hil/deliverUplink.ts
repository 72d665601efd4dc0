/**
 * What every robot link does with a robot's uplink once the link has checked that the robot
 * sent it: a Birth goes through the registry's one admission point (`admitBirth`); a Death,
 * Telemetry, Ack or Error goes into the registry (an Ack or Error also out as a link event)
 * only from the channel the robot was admitted on. Each link answers a refused Birth on its
 * own wire (an Error on the MQTT error topic, an Error frame on the serial port), and asks a
 * robot it hears without a Birth for one (a requestBirth Command, rate-limited per robot).
 */
import { swarmgate, type Ack, type Birth, type Envelope, type ErrorMessage } from '@swarmgate/protocols';
import type { Logger } from './Logger.js';
import type { IdConflict, RobotLink, RobotRegistry } from './RobotRegistry.js';

export interface UplinkEvents {
  ack: [robotId: string, ack: Ack];
  robotError: [robotId: string, error: ErrorMessage];
}

/** The part of a link's EventEmitter this needs (a link's own events are a superset). */
export interface UplinkEmitter {
  emit<K extends keyof UplinkEvents>(event: K, ...args: UplinkEvents[K]): boolean;
}

/** Where one link delivers uplinks; built once per link. */
export interface UplinkSink {
  /** The link kind; also prefixes log lines. */
  readonly link: Exclude<RobotLink, 'virtual'>;
  readonly registry: RobotRegistry;
  readonly events: UplinkEmitter;
  readonly logger: Logger;
  /** Asks a robot for its Birth on this link (a requestBirth Command); see `askForBirth`. */
  readonly requestBirth: (robotId: string) => void;
}

/** The Command body of a rebirth request (no acknowledgement wanted: the Birth is the answer). */
export const REQUEST_BIRTH_BODY = { command: { commandId: 0, requestBirth: {} } } as const;

/**
 * Traffic came from `robotId`, which the registry does not hold: ask it for its Birth when the
 * registry says one is due (rate-limited per robot; only ids admission could accept).
 */
export function askForBirth(sink: UplinkSink, robotId: string): void {
  if (sink.registry.birthRequestDue(robotId)) sink.requestBirth(robotId);
}

/** The Error a refused Birth is answered with, on the newcomer's own link. */
export const ID_REFUSED_CODE = swarmgate.v1.ErrorCode.ERROR_CODE_UNSUPPORTED;

/**
 * Admits a Birth that arrived on `channel` (default: the link kind). Returns null when the
 * robot was admitted, else the conflict, for the link to answer with an ID_REFUSED_CODE Error.
 * A refusal is logged at warn the first time per id, channel and reason (a robot re-sending
 * its Birth every second would flood the log); a robot that moved links is logged at info.
 */
export function admitBirth(sink: UplinkSink, robotId: string, birth: Birth, channel: string = sink.link): IdConflict | null {
  const admission = sink.registry.admit(robotId, sink.link, birth, channel);
  if (admission.admitted) {
    if (admission.movedFrom !== null) sink.logger.info(`${sink.link}: robot moved links`, { robotId, from: admission.movedFrom, to: channel });
    return null;
  }
  const { conflict } = admission;
  if (admission.first) sink.logger.warn(`${sink.link}: Birth refused`, { robotId: conflict.robotId.slice(0, 80), channel, reason: conflict.reason });
  return conflict;
}

/**
 * Delivers a Death, Telemetry, Ack or Error and returns true; any other kind is left to the
 * link (false). An uplink for a robot admitted on another channel is counted and dropped (true):
 * it comes from an impostor, or from a robot whose Birth was refused.
 */
export function deliverUplink(sink: UplinkSink, robotId: string, envelope: Envelope, channel: string = sink.link): boolean {
  const registry = sink.registry;
  const holder = registry.channelOf(robotId);
  if (holder !== undefined && holder !== channel && envelope.body !== 'birth' && envelope.body !== 'trackerPose') {
    registry.counters.foreignTraffic++;
    return true;
  }
  switch (envelope.body) {
    case 'death':
      registry.death(robotId, envelope.death!.session);
      return true;
    case 'telemetry':
      if (!registry.telemetry(robotId, envelope.telemetry!)) askForBirth(sink, robotId);
      return true;
    case 'ack':
      if (!registry.touch(robotId)) askForBirth(sink, robotId);
      sink.events.emit('ack', robotId, envelope.ack!);
      return true;
    case 'error':
      if (!registry.touch(robotId)) askForBirth(sink, robotId);
      sink.logger.warn(`${sink.link}: robot reported an error`, { robotId, code: envelope.error!.code, message: envelope.error!.message });
      sink.events.emit('robotError', robotId, envelope.error!);
      return true;
    default:
      return false;
  }
}
