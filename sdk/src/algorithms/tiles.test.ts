import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SlamMap } from '../slam/SlamMap.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { broadcastTileSet, mergeTileBits, packTileSet, TileGrid } from './tiles.js';

describe('TileGrid', () => {
  it('lays whole SLAM cells into tiles and reads each by the coarse rule', () => {
    // 0.5 m cells, 1 m tiles: 2 x 2 cells a tile; 5 cells wide makes 3 tiles, the last one narrow.
    const map = new SlamMap({ width: 5, height: 2, cellSizeM: 0.5 });
    const tiles = new TileGrid(map, 1);
    expect([tiles.cellsPerTile, tiles.width, tiles.height, tiles.tileM]).toEqual([2, 3, 1, 1]);
    map.mark(0, SlamCell.Open);
    map.mark(3, SlamCell.Solid);
    expect([0, 1, 2].map((t) => tiles.state(t))).toEqual([SlamCell.Open, SlamCell.Solid, SlamCell.Unknown]);
    expect(tiles.tileAtWorld(1.2, 0.9)).toBe(1);
    expect(tiles.tileAtWorld(-0.1, 0)).toBe(-1);
    expect(tiles.tileOfCell(4)).toBe(2);
    expect(tiles.centreM(1)).toEqual({ xM: 1.5, yM: 0.5 });
    expect(tiles.goalCell(2)).toEqual({ x: 4, y: 1 });
  });

  it('packs and merges tile sets without loss', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200, max: 1 }), (set) => {
        const copy = new Uint8Array(set.length);
        expect(mergeTileBits(copy, packTileSet(set, set.length, 1))).toBe(set.filter((v) => v === 1).length);
        expect(copy).toEqual(set);
      }),
    );
  });

  it('broadcasts a tile set only when it fits the broadcast budget', () => {
    const robot = new PointRobot(gridFromAscii(['...']), { pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    broadcastTileSet(robot, new TileGrid(robot.map, 1), new Uint8Array(3));
    expect(robot.outbox).toHaveLength(1);
    // 600 x 600 tiles: 45,000 bytes of bits, over the 32 KiB budget.
    const huge = new SlamMap({ width: 600, height: 600, cellSizeM: 1 });
    broadcastTileSet(robot, new TileGrid(huge, 1), new Uint8Array(600 * 600));
    expect(robot.outbox).toHaveLength(1);
  });
});
