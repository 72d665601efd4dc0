/**
 * The snapshot rule's copy: a RobotState that shares nothing mutable with `state` (scan ranges,
 * list entries and payloads are copied), so a controller changing one changes no other. Used by
 * the backends that keep a State received or computed once and hand it out on every state() call.
 */
import type { RobotState } from './Robot.js';

export function copyRobotState(state: RobotState): RobotState {
  const { pose, collision, scan, dropped } = state;
  return {
    tick: state.tick,
    pose: { xM: pose.xM, yM: pose.yM, headingRad: pose.headingRad },
    status: state.status,
    collision: { started: collision.started, touching: collision.touching },
    scan: scan && { angleMinRad: scan.angleMinRad, angleIncrementRad: scan.angleIncrementRad, rangeMaxM: scan.rangeMaxM, rangesM: scan.rangesM.slice() },
    nearbyRobots: state.nearbyRobots.map((r) => ({ id: r.id, distanceM: r.distanceM, bearingRad: r.bearingRad })),
    inbox: state.inbox.map((m) => ({ from: m.from, sentTick: m.sentTick, payload: m.payload.slice() })),
    nearbyTags: state.nearbyTags.map((t) => ({ id: t.id, xM: t.xM, yM: t.yM, distanceM: t.distanceM, payload: t.payload.slice() })),
    batteryFraction: state.batteryFraction,
    ...(dropped ? { dropped: { inbox: dropped.inbox, nearbyTags: dropped.nearbyTags, nearbyRobots: dropped.nearbyRobots } } : {}),
  };
}
