/**
 * The package's plain helpers, without its wire format, framing or MQTT client: the entry
 * `@swarmgate/protocols/common`, for code that must load little (the engine's worker threads
 * start in a fraction of the time the whole package takes).
 */
export { SwarmgateError, errorCode } from './SwarmgateError.js';
export { wrapAngle } from './angle.js';
export { hypot2 } from './hypot.js';
export { Random } from './Random.js';
