// Real pty pairs made by socat. Implemented in @swarmgate/firmware-sim/testing (firmware-sim's
// own tests need it and must not depend on this package: test depends on firmware-sim).
export { startPtyPair, type PtyPair } from '@swarmgate/firmware-sim/testing';
