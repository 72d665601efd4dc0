/**
 * @swarmgate/firmware-sim: an emulated MONA firmware (mona-sim). It depends on
 * @swarmgate/protocols only and knows nothing of the simulator, as a real robot would not.
 * Test helpers (mosquitto, socat ptys) are in '@swarmgate/firmware-sim/testing'.
 */
export { ERROR_CODES, SwarmgateError, type ErrorCode } from './errors.js';
export { MonaSim, type MonaSimOptions, type MonaLinkOptions } from './MonaSim.js';
export { Firmware, FIRMWARE_VERSION, SIM_MODEL_NAME, LED, type FirmwareOptions, type Outbox, type FirmwareCounters } from './firmware/Firmware.js';
export { createMona, type CreateMonaOptions } from './firmware/createMona.js';
export { MonaModel, type MonaDimensions, type MonaModelOptions, type Pose, type WheelCommandResult } from './model/MonaModel.js';
export { Arena, DEFAULT_ARENA, loadArenaFile, parseArenaSpec, type ArenaSpec } from './model/Arena.js';
export type { FaultOptions } from './link/FaultInjector.js';
export { MONA_BACKOFF } from './link/monaBackoff.js';
export type { RobotLink } from './link/RobotLink.js';
export { main } from './cli.js';
