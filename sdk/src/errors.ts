/**
 * Coded errors of the SDK. Every code thrown anywhere in sdk/src is documented here
 * (errors.test.ts checks it), so a user seeing a code can look up what it means and how to fix it.
 */
import { SwarmgateError as BaseSwarmgateError } from '@swarmgate/protocols';

export const SDK_ERROR_DOCS = {
  SG_BAD_ARGUMENT: 'An argument is not acceptable (NaN, Infinity, wrong type, out of range). The message names the argument and the accepted range.',
  SG_ROBOT_BUSY: 'move() or rotate() while a move or rotation is in progress; call stop() first or wait for status idle.',
  SG_MAP_DECODE: 'Bytes given to SlamMap.fromBytes / mergeFromBytes are not an encoded SLAM map (bad magic, version, size or payload).',
  SG_MAP_MISMATCH: 'Two SLAM maps cannot be merged: their width, height, cell size or origin differ. Maps of one trial share one geometry.',
  SG_UNKNOWN_ALGORITHM: 'No algorithm is registered under that name; `swarmgate list algorithms` prints the registered ones.',
  SG_UNKNOWN_PARAMETER: 'An algorithm parameter was given that the algorithm does not declare; the message lists the declared ones.',
  SG_OPERATOR_ONLY:
    "A Command only the gateway's operator may give reached a robot: releasing an emergency stop is done with POST /api/estop/release or the web UI, never by a controller.",
  SG_BUDGET:
    'A command exceeds a size budget of docs/limits.md (broadcast or tag payload bytes, broadcasts per tick, tags per robot or in all); the message names the budget and its value.',
  SG_LINK_CONNECT:
    "A remote controller link (MqttRobot.connect) could not connect or subscribe: broker not reachable, wrong credentials, or the fleet ACL refuses the robot's topics.",
} as const;

export type SdkErrorCode = keyof typeof SDK_ERROR_DOCS;

/** This package's coded errors: the one base of @swarmgate/protocols, narrowed to its codes. */
export class SwarmgateError extends BaseSwarmgateError<SdkErrorCode> {}
