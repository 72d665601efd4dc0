/**
 * The world's link to the radio package (gateway/src/sim/radio): broadcast, inbox, tags and
 * nearby-robot sensing, with robot slots as the radio's dense indices.
 */
import type { InboxMessage, NearbyRobot, NearbyTag } from '@swarmgate/sdk';
import type { World } from './World.js';

export class Comms {
  constructor(private readonly world: World) {}

  broadcast(_slot: number, _payload: Uint8Array): void {}

  depositTag(_slot: number, _payload: Uint8Array): void {}

  deliver(_tick: number): void {}

  inbox(_slot: number): InboxMessage[] {
    return [];
  }

  nearbyRobots(_slot: number): NearbyRobot[] {
    return [];
  }

  nearbyTags(_slot: number): NearbyTag[] {
    return [];
  }
}
