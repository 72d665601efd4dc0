/**
 * When a long-running command (`serve`, `echo`) should stop: SIGINT or SIGTERM from any parent (a
 * terminal, npm, systemd, a container runtime), or the parent's IPC channel closing (the
 * `npm start` wrapper died, even by SIGKILL). A second signal while stopping exits at once:
 * the operator's way out of a shutdown that hangs.
 */
import type { Logger } from '../hil/Logger.js';

/** Exit code of a forced stop: 128 + SIGINT, what a shell reports for an interrupted command. */
export const FORCED_EXIT_CODE = 130;

export interface StopRequest {
  /** Resolves with what asked for the stop: 'SIGINT', 'SIGTERM' or 'parent-disconnect'. */
  readonly requested: Promise<string>;
  /** Removes the handlers, once stopped (an IPC listener would hold the process open). */
  dispose(): void;
}

/** `command` names the command in the log line of a forced stop. */
export function watchStopRequest(logger: Logger, command = 'serve'): StopRequest {
  let stopping = false;
  let resolveRequest: (reason: string) => void = () => {};
  const requested = new Promise<string>((resolve) => (resolveRequest = resolve));
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.error(`${command}: second ${signal} while stopping: exiting without a clean stop`);
      process.exit(FORCED_EXIT_CODE);
    }
    stopping = true;
    resolveRequest(signal);
  };
  const onDisconnect = (): void => {
    stopping = true;
    resolveRequest('parent-disconnect');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Only under a parent that opened an IPC channel (`npm start`); a listener refs the channel.
  const ipc = process.send !== undefined;
  if (ipc) process.on('disconnect', onDisconnect);
  return {
    requested,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (ipc) process.off('disconnect', onDisconnect);
    },
  };
}
