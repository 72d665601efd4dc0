/**
 * What every transport plugin (MQTT, serial) offers the HIL core. A link carries Envelopes
 * to robots; it never queues motion while down (`send` returns false instead), and reports
 * its state as explicit events.
 */
import type { EnvelopeBodyInit, MqttLinkStateEvent } from '@swarmgate/protocols';

/** A link's state change (the states of protocols' `LinkState`), naming the link. */
export interface LinkStateEvent extends MqttLinkStateEvent {
  readonly link: string;
}

export interface RobotLinkPlugin {
  /** Unique among registered links, e.g. `mqtt` or `serial:/dev/ttyUSB0`. */
  readonly name: string;
  start(): Promise<void>;
  /** Stops reconnecting and closes; idempotent. */
  stop(): Promise<void>;
  /** Whether this link reaches the robot (it has seen the robot's Birth on it). */
  carries(robotId: string): boolean;
  /** Encodes and sends one Envelope to the robot. False when the link is down (never queued). */
  send(robotId: string, body: EnvelopeBodyInit): boolean;
  /** Sends to every robot this link can reach; returns how many sends went out. */
  broadcast(body: EnvelopeBodyInit): number;
}
