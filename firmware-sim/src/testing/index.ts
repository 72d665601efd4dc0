// Test helpers, exported as @swarmgate/firmware-sim/testing for other packages' tests.
export { freePort } from './freePort.js';
export { startMosquitto, type MosquittoBroker, type MosquittoOptions } from './mosquitto.js';
export {
  jetStreamLeaders,
  startLoopbackNatsCluster,
  startNatsCluster,
  type LoopbackNatsNode,
  type NatsCluster,
  type NatsClusterNode,
  type NatsNodeSpec,
} from './nats.js';
export { startRedis, type RedisServer } from './redis.js';
export { selfSignedCert, type TestCertificate } from './selfSignedCert.js';
export { waitForPort } from './waitForPort.js';
export { startPtyPair, type PtyPair } from './socat.js';
export { exited, terminate } from './processes.js';
export { Inbox } from './Inbox.js';
export { until } from './until.js';
