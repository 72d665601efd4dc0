/**
 * A right-hand wall follower, written only against @swarmgate/sdk: drive forward, turn left
 * when the lidar sees a wall close ahead, and steer to keep the wall on the right at
 * `wallDistanceM`. Run it with `swarmgate run --controller examples/wall-follower/controller.ts`.
 */
import type { AlgorithmContext, AlgorithmInfo, Controller, LidarScan, Robot } from '@swarmgate/sdk';

/** Parameters, set on the command line as `--controller controller.ts:speedMps=0.5`. */
export const parameters: AlgorithmInfo['parameters'] = [
  { name: 'speedMps', doc: 'forward speed', unit: 'm/s', default: 0.8, min: 0.05, max: 5 },
  { name: 'wallDistanceM', doc: 'distance kept to the wall on the right', unit: 'm', default: 1, min: 0.2, max: 5 },
];

/** The shortest lidar range within `halfWidthRad` of `bearingRad` (robot frame, left positive). */
function rangeToward(scan: LidarScan, bearingRad: number, halfWidthRad: number): number {
  let nearest = Infinity;
  for (let i = 0; i < scan.rangesM.length; i++) {
    const angle = scan.angleMinRad + i * scan.angleIncrementRad;
    if (Math.abs(angle - bearingRad) <= halfWidthRad) nearest = Math.min(nearest, scan.rangesM[i]);
  }
  return nearest;
}

export default function wallFollower(context: AlgorithmContext): Controller {
  const { speedMps, wallDistanceM } = context.params;
  return {
    tick(robot: Robot): void {
      const scan = robot.state().scan;
      if (scan === null) return;
      const ahead = rangeToward(scan, 0, Math.PI / 4);
      const right = rangeToward(scan, -Math.PI / 2, Math.PI / 8);
      if (ahead < wallDistanceM * 1.5) {
        robot.setVelocity(0, 1); // wall ahead: turn left on the spot
      } else {
        // Steer toward the wall when too far from it, away when too close (bounded, rad/s).
        const turn = Math.max(-1, Math.min(1, (wallDistanceM - Math.min(right, 3 * wallDistanceM)) * 1.5));
        robot.setVelocity(speedMps, turn);
      }
    },
  };
}
