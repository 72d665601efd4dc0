import { MAX_NEARBY_TAGS_PER_STATE } from '@swarmgate/protocols';
import type { NearbyTag } from '@swarmgate/sdk';
import { TagHits } from './radio/index.js';
import type { Sensing } from './Sensing.js';
import type { SensorPlugin } from './sensors.js';
import { NONE, nearestFirst, type StateDropCounts } from './stateReadings.js';
import { DEFAULT_WORLD_CONFIG } from './WorldConfig.js';

/** Queried from the trial's TagStore (Comms.tags) when a State is read: no sense-phase work. */
export const tagsSensor: SensorPlugin = {
  name: 'tags',
  field: 'nearbyTags',
  doc: 'Environment tags deposited by robots (readable from the tick after the deposit) within a Euclidean range, no line of sight.',
  noise: 'none',
  params: [{ name: 'tagReadRangeM', unit: 'm', default: DEFAULT_WORLD_CONFIG.tagReadRangeM, doc: 'read range (MAES EnvironmentTagReadRange)' }],
  create: (sensing) => new TagsReader(sensing),
};

class TagsReader {
  readonly onDemand = { field: 'nearbyTags' as const, read: (slot: number, drops: StateDropCounts) => this.read(slot, drops) };
  private readonly hits = new TagHits();
  /** Nearest-first selection scratch (indices into a query's results). */
  private readonly order: number[] = [];

  constructor(private readonly sensing: Sensing) {}

  /** Tags in reading range of `slot`, the nearest MAX_NEARBY_TAGS_PER_STATE (in query order below the budget). */
  private read(slot: number, drops: StateDropCounts): readonly NearbyTag[] {
    drops.nearbyTags = 0;
    const world = this.sensing.world;
    const tags = world.comms.tags;
    if (tags.count === 0) return NONE;
    const t = world.table;
    const hits = this.hits;
    tags.query(t.xM[slot], t.yM[slot], world.config.tagReadRangeM, hits);
    drops.nearbyTags = Math.max(0, hits.count - MAX_NEARBY_TAGS_PER_STATE);
    // Over budget: the nearest, ties by query order (deterministic), kept in query order.
    const order = nearestFirst(this.order, hits.count, (k) => hits.distancesM[k], MAX_NEARBY_TAGS_PER_STATE);
    const out: NearbyTag[] = [];
    for (const k of order) {
      const id = hits.ids[k];
      out.push({ id, xM: tags.xOf(id), yM: tags.yOf(id), distanceM: hits.distancesM[k], payload: tags.payload(id) });
    }
    return out;
  }
}
