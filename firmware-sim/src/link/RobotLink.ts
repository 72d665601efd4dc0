/** A robot's connection to its gateway, whatever carries it. */
export interface RobotLink {
  /** Connects (and keeps reconnecting with backoff until stop()). */
  start(): void;
  /** Graceful end: MQTT publishes the Death itself; motors stop. */
  stop(): Promise<void>;
  /** Simulated power cycle: the link drops as on power loss, the firmware resets, then a new session. */
  reboot(): void;
  /** The current session counter (Birth.session / Death.session). */
  readonly session: number;
}

/** Where links report state changes and device faults (one line each). */
export type LinkLog = (message: string) => void;
