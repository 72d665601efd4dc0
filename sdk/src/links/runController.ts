/**
 * The control loop of a controller running outside the gateway: start() once, then tick()
 * once per State received (the gateway publishes one per logic tick), as the in-process world
 * calls it once per control phase.
 */
import type { Controller, Robot, RobotState } from '../Robot.js';

/** A Robot whose states arrive as events (MqttRobot). */
export interface LinkedRobot extends Robot {
  on(event: 'state', listener: (state: RobotState) => void): unknown;
  off(event: 'state', listener: (state: RobotState) => void): unknown;
}

export interface ControllerRun {
  /** tick() calls so far. */
  readonly ticks: number;
  /**
   * Settles when the run ends: resolves after stop(), rejects with the controller's exception
   * if start() or tick() throws (the loop stops and the robot is told to stop).
   */
  readonly done: Promise<void>;
  /** Stops ticking, calls the controller's stop(), and stops the robot. Idempotent. */
  stop(): void;
}

export function runController(controller: Controller, robot: LinkedRobot): ControllerRun {
  let ticks = 0;
  let started = false;
  let running = true;
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });

  const end = (error?: unknown): void => {
    if (!running) return;
    running = false;
    robot.off('state', onState);
    try {
      controller.stop?.();
      robot.stop();
    } catch (stopError) {
      error ??= stopError;
    }
    if (error === undefined) settle.resolve();
    else settle.reject(error);
  };

  function onState(): void {
    if (!running) return;
    try {
      if (!started) {
        started = true;
        controller.start?.(robot);
      }
      ticks++;
      controller.tick(robot);
    } catch (error) {
      end(error);
    }
  }

  robot.on('state', onState);
  return {
    get ticks() {
      return ticks;
    },
    done,
    stop: () => end(),
  };
}
