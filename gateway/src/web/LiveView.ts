/**
 * What the web layer reads from a running live trial. trial's LiveTrial has this shape and
 * trial composes web (LiveService registers webUi), so web names the shape, not the class:
 * web sits below trial (docs/ARCHITECTURE.md, "Layers and boundaries").
 */
import type { Pose } from '@swarmgate/sdk';
import type { Trial } from '../sim/Trial.js';
import type { World } from '../sim/World.js';

export interface LiveView {
  readonly trial: Trial;
  readonly world: World;
  status(): LiveViewStatus;
  robots(): readonly LiveViewRobot[];
}

export interface LiveViewStatus {
  readonly tick: number;
  readonly simSeconds: number;
  readonly exploredFraction: number;
  readonly paced: boolean;
}

export interface LiveViewRobot {
  readonly id: string;
  readonly kind: 'virtual' | 'physical';
  readonly online: boolean;
  /** Ground truth in the map frame. */
  readonly pose: Pose;
  readonly emergencyStopped: boolean;
}
