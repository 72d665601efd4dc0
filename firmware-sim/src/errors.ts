/**
 * Coded errors of @swarmgate/firmware-sim. Every code is documented in ERROR_CODES
 * (a test checks it), so a log line's code can be looked up.
 */
export const ERROR_CODES = {
  SG_ARENA_INVALID: 'The arena JSON is unreadable or not of the documented shape (walls, size, numbers).',
  SG_MODEL_CONFIG: 'A robot model parameter is out of range (dimensions, step, noise, battery).',
  SG_SERIAL_OPEN: 'The serial port could not be opened (path missing, permissions, busy).',
  SG_MQTT_CONNECT: 'The MQTT broker refused or could not be reached (URL, credentials, network).',
  SG_PAYLOAD_INVALID: 'An incoming payload failed to decode or carried a message this firmware does not accept.',
  SG_COMMAND_REJECTED: 'A well-formed command was refused (wrong robot, emergency stop latched, out of range).',
  SG_HARNESS: 'A test harness helper (mosquitto, socat) failed to start or stop.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class SwarmgateError extends Error {
  override readonly name = 'SwarmgateError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${message}`, options);
  }
}
