/**
 * What every robot link does with a robot's uplink once the link has checked that the robot
 * sent it: a Death, Telemetry, Ack or Error goes into the registry (an Ack or Error also out as
 * a link event). Births and the other kinds stay with each link: MQTT and serial bind robots
 * and refuse strays in their own ways.
 */
import type { Ack, Envelope, ErrorMessage } from '@swarmgate/protocols';
import type { Logger } from './Logger.js';
import type { RobotRegistry } from './RobotRegistry.js';

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
  /** Prefixes log lines, e.g. `mqtt`. */
  readonly link: string;
  readonly registry: RobotRegistry;
  readonly events: UplinkEmitter;
  readonly logger: Logger;
}

/** Delivers a Death, Telemetry, Ack or Error and returns true; any other kind is left to the link (false). */
export function deliverUplink(sink: UplinkSink, robotId: string, envelope: Envelope): boolean {
  const registry = sink.registry;
  switch (envelope.body) {
    case 'death':
      registry.death(robotId, envelope.death!.session);
      return true;
    case 'telemetry':
      registry.telemetry(robotId, envelope.telemetry!);
      return true;
    case 'ack':
      registry.touch(robotId);
      sink.events.emit('ack', robotId, envelope.ack!);
      return true;
    case 'error':
      registry.touch(robotId);
      sink.logger.warn(`${sink.link}: robot reported an error`, { robotId, code: envelope.error!.code, message: envelope.error!.message });
      sink.events.emit('robotError', robotId, envelope.error!);
      return true;
    default:
      return false;
  }
}
