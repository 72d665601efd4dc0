/** Test support for the packages that test a Robot backend (`@swarmgate/sdk/testing`). */
export { robotContract, type RobotBackend, type RobotContractOptions } from './robotContract.js';
export { PointRobot, type PointRobotOptions } from './PointRobot.js';
export { gridFromAscii } from './asciiMaps.js';
export { algorithmContext, type AlgorithmContextOptions } from './algorithmContext.js';
