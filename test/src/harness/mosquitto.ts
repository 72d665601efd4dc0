// A real mosquitto for end-to-end tests. Implemented in @swarmgate/firmware-sim/testing
// (firmware-sim's own tests need it and must not depend on this package: test depends on it).
export { startMosquitto, freePort, type MosquittoBroker, type MosquittoOptions } from '@swarmgate/firmware-sim/testing';
