import { wrapAngle } from '@swarmgate/protocols';
import type { MonaDimensions, Pose } from '../model/MonaModel.js';

/**
 * Dead reckoning from encoder counts, as the firmware does it: it knows only its ticks and
 * its nominal wheel geometry, so slip and encoder noise show up as drift. The frame is the
 * robot's pose at boot (origin, heading 0).
 */
export class Odometry {
  readonly pose: Pose = { xM: 0, yM: 0, headingRad: 0 };
  private lastLeft = 0;
  private lastRight = 0;
  private readonly metresPerTick: number;

  constructor(private readonly dims: Pick<MonaDimensions, 'wheelRadiusM' | 'wheelBaseM' | 'encoderTicksPerRev'>) {
    this.metresPerTick = (2 * Math.PI * dims.wheelRadiusM) / dims.encoderTicksPerRev;
  }

  /** Integrates the tick deltas since the last update (midpoint heading). */
  update(leftTicks: number, rightTicks: number): void {
    const leftM = (leftTicks - this.lastLeft) * this.metresPerTick;
    const rightM = (rightTicks - this.lastRight) * this.metresPerTick;
    this.lastLeft = leftTicks;
    this.lastRight = rightTicks;
    const distanceM = (leftM + rightM) / 2;
    const turnRad = (rightM - leftM) / this.dims.wheelBaseM;
    const midHeading = this.pose.headingRad + turnRad / 2;
    this.pose.xM += distanceM * Math.cos(midHeading);
    this.pose.yM += distanceM * Math.sin(midHeading);
    this.pose.headingRad = wrapAngle(this.pose.headingRad + turnRad);
  }

  reset(): void {
    this.pose.xM = 0;
    this.pose.yM = 0;
    this.pose.headingRad = 0;
    this.lastLeft = 0;
    this.lastRight = 0;
  }
}
