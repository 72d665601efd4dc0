/**
 * The map canvas's raster layers on large maps, in headless Chromium: the page's own MapView
 * (static/mapView.js) on a canvas of the test's, fed as the live stream and the SLAM endpoint
 * feed it, with the canvas calls counted. On a 2000 x 2000 map the layers are millions of
 * cells: a change of a few cells must repaint the tiles holding them, not the layer, a frame in
 * which only robots moved must not scale any layer again, and no ImageData of the map's size is
 * held; and what is drawn must still be exactly the bitmap's and the SLAM map's cells, edge
 * tiles of sides that are no multiple of a tile included.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { startLive } from '../trial/liveHarness.js';
import { openPage, type TestPage } from './chromium.js';

/** rasterLayer.js's tile side, in cells. */
const TILE = 128;

/**
 * Runs in the page: MapView on a canvas of its own, canvas calls counted (pixels each canvas got
 * by putImageData, every drawImage's target and source, the cells of every ImageData made), a
 * seeded random source, and a promise of the next drawn frame. A string: this package's
 * TypeScript has no DOM types.
 */
const HARNESS = `(async () => {
  const { MapView } = await import('/static/mapView.js');
  const puts = new Map();
  const draws = [];
  const imageCells = [];
  const proto = CanvasRenderingContext2D.prototype;
  const { putImageData, drawImage, createImageData } = proto;
  proto.putImageData = function (image, ...at) {
    puts.set(this.canvas, (puts.get(this.canvas) ?? 0) + (at.length >= 6 ? at[4] * at[5] : image.width * image.height));
    return putImageData.call(this, image, ...at);
  };
  proto.drawImage = function (source, ...at) {
    draws.push({ target: this.canvas, source });
    return drawImage.call(this, source, ...at);
  };
  proto.createImageData = function (...size) {
    imageCells.push(typeof size[0] === 'number' ? size[0] * size[1] : size[0].width * size[0].height);
    return createImageData.apply(this, size);
  };
  const box = document.createElement('div');
  box.style.cssText = 'width: 900px; height: 600px';
  const canvas = document.createElement('canvas');
  box.append(canvas);
  document.body.append(box);
  const view = new MapView(canvas, '/api/map.png', { onSelect() {} });
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const meta = (width, height) => ({ width, height, cellSizeM: 1, originM: { x: 0, y: 0 }, robotRadiusM: 0.3, tickS: 0.1 });
  /** Sets the disc of radius r on grid cell (cx, cy) explored in bits; the tiles (image rows top-down) holding the cells it newly set. */
  const exploreDisc = (bits, width, height, cx, cy, r) => {
    const tiles = new Set();
    for (let y = Math.max(0, cy - r); y <= Math.min(height - 1, cy + r); y++)
      for (let x = Math.max(0, cx - r); x <= Math.min(width - 1, cx + r); x++) {
        const i = y * width + x;
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r || bits[i >> 3] & (1 << (i & 7))) continue;
        bits[i >> 3] |= 1 << (i & 7);
        tiles.add(Math.floor((height - 1 - y) / ${TILE}) * 100000 + Math.floor(x / ${TILE}));
      }
    return tiles;
  };
  await frame();
  window.harness = { view, canvas, puts, draws, imageCells, random, frame, meta, exploreDisc };
})()`;

describe('map canvas layers on large maps in headless Chromium', () => {
  let service: LiveService;
  let browser: TestPage;
  let page: Page;

  beforeAll(async () => {
    ({ service } = await startLive({ grid: loadMap('cave:40x40:seed=3'), robots: 1, service: { mqttPort: 0, httpPort: 0 } }));
    browser = await openPage();
    page = browser.page;
    // A page of the gateway's without the web UI's own map view: only the test's draws on its canvases.
    await page.goto(`http://127.0.0.1:${service.httpPort}/api/trial`);
    await page.evaluate(HARNESS);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('repaints only the fog tiles holding newly explored cells, draws exactly the bitmap, and holds no map-sized ImageData', async () => {
    const result = (await page.evaluate(`(() => {
      const { view, puts, imageCells, random, meta, exploreDisc } = window.harness;
      // Sides that are no multiple of a tile: the last column and row of tiles are partial.
      const width = 2050;
      const height = 1030;
      view.setMeta(meta(width, height));
      // One buffer changed in place between calls, as the live stream's state is.
      const bits = new Uint8Array(Math.ceil((width * height) / 8));
      const steps = [];
      const allTiles = new Set();
      // A robot's worth of newly seen cells a step: in the top-right corner first, then anywhere.
      const centres = [[width - 3, height - 2], [0, 0], ...Array.from({ length: 4 }, () => [Math.floor(random() * width), Math.floor(random() * height)])];
      for (const [cx, cy] of centres) {
        const tiles = exploreDisc(bits, width, height, cx, cy, 12);
        for (const t of tiles) allTiles.add(t);
        puts.clear();
        view.setExplored(bits);
        steps.push({ put: puts.get(view.fog.canvas) ?? 0, tiles: tiles.size });
      }
      const data = view.fog.canvas.getContext('2d').getImageData(0, 0, width, height).data;
      let wrong = 0;
      for (let row = 0; row < height; row++)
        for (let x = 0; x < width; x++) {
          const i = (height - 1 - row) * width + x;
          const alpha = data[(row * width + x) * 4 + 3];
          if (bits[i >> 3] & (1 << (i & 7)) ? alpha !== 0 : Math.abs(alpha - 140) > 1) wrong++;
        }
      puts.clear();
      view.setLayer('exploration', true);
      const heatPut = puts.get(view.exploration.canvas) ?? 0;
      view.setLayer('exploration', false);
      return { steps, wrong, heatPut, tiles: allTiles.size, largestImage: Math.max(...imageCells) };
    })()`)) as { steps: { put: number; tiles: number }[]; wrong: number; heatPut: number; tiles: number; largestImage: number };
    expect(result.wrong).toBe(0);
    for (const step of result.steps) {
      expect(step.tiles).toBeGreaterThan(0);
      // 2,111,500 cells a layer; a disc of radius 12 spans at most 4 tiles of 16,384.
      expect(step.put).toBeGreaterThan(0);
      expect(step.put).toBeLessThanOrEqual(step.tiles * TILE * TILE);
    }
    // The exploration heat, switched on, paints the tiles holding explored cells and no other.
    expect(result.heatPut).toBeGreaterThan(0);
    expect(result.heatPut).toBeLessThanOrEqual(result.tiles * TILE * TILE);
    expect(result.largestImage).toBeLessThanOrEqual(TILE * TILE);
  }, 60_000);

  it("repaints only the SLAM map's tiles that changed since the last fetch, and shows the new map's every cell", async () => {
    const result = (await page.evaluate(`(() => {
      const { view, puts } = window.harness;
      const width = 1500;
      const height = 900;
      const body = (cells) => {
        const buffer = new ArrayBuffer(8 + cells.length);
        new DataView(buffer).setUint32(0, width, true);
        new DataView(buffer).setUint32(4, height, true);
        new Uint8Array(buffer, 8).set(cells);
        return buffer;
      };
      const cells = new Uint8Array(width * height);
      for (let y = 100; y <= 400; y++) for (let x = 200; x <= 700; x++) cells[y * width + x] = y === 100 || y === 400 || x === 200 || x === 700 ? 2 : 1;
      view.select('r0');
      view.setSlam(body(cells));
      // A second second of the robot's mapping: a wall found, a cell back to unknown, and the top-right corner cell seen.
      const next = cells.slice();
      next[250 * width + 450] = 2;
      next[101 * width + 201] = 0;
      next[height * width - 1] = 1;
      puts.clear();
      view.setSlam(body(next));
      const put = puts.get(view.slam.canvas) ?? 0;
      const colours = [[0, 0, 0, 0], [236, 253, 245, 200], [4, 120, 87, 255]];
      const data = view.slam.canvas.getContext('2d').getImageData(0, 0, width, height).data;
      let wrong = 0;
      for (let row = 0; row < height; row++)
        for (let x = 0; x < width; x++) {
          const want = colours[next[(height - 1 - row) * width + x]];
          const o = (row * width + x) * 4;
          // Translucent colours round-trip through premultiplied alpha: a unit either way.
          if (data[o + 3] !== want[3] || (want[3] > 0 && [0, 1, 2].some((c) => Math.abs(data[o + c] - want[c]) > 1))) wrong++;
        }
      view.select(null);
      return { put, wrong };
    })()`)) as { put: number; wrong: number };
    expect(result.wrong).toBe(0);
    // Three changed cells in three tiles, of a 1,350,000-cell layer.
    expect(result.put).toBeGreaterThan(0);
    expect(result.put).toBeLessThanOrEqual(3 * TILE * TILE);
  }, 60_000);

  it('draws frames in which only robots moved without scaling any layer again, and composes the layers again when one changes', async () => {
    const result = (await page.evaluate(`(async () => {
      const { view, canvas, draws, frame, meta, exploreDisc } = window.harness;
      const width = 2000;
      const height = 2000;
      view.setMeta(meta(width, height));
      const bits = new Uint8Array((width * height) / 8);
      exploreDisc(bits, width, height, 1000, 1000, 30);
      view.setExplored(bits);
      // The ground-truth image arriving is a layer change too: settled before counting.
      while (!view.image.complete) await frame();
      await frame();
      draws.length = 0;
      const robots = (k) => Array.from({ length: 5 }, (_, i) => ({ id: 'r' + i, kind: 'virtual', x: 900 + 40 * i + k, y: 1000, headingRad: 0, online: true, estop: false }));
      for (let k = 0; k < 10; k++) {
        view.setFrame({ simSeconds: k / 10, robots: robots(k) });
        await frame();
      }
      const moving = { frames: draws.filter((d) => d.target === canvas).length, fog: draws.filter((d) => d.source === view.fog.canvas).length };
      draws.length = 0;
      exploreDisc(bits, width, height, 1100, 1000, 30);
      view.setExplored(bits);
      await frame();
      return { moving, fogAfterChange: draws.filter((d) => d.source === view.fog.canvas).length };
    })()`)) as { moving: { frames: number; fog: number }; fogAfterChange: number };
    // The canvas redrew for the robots...
    expect(result.moving.frames).toBeGreaterThanOrEqual(10);
    // ...without drawing the 2000 x 2000 fog once; it is drawn again once it changed.
    expect(result.moving.fog).toBe(0);
    expect(result.fogAfterChange).toBe(1);
  }, 60_000);
});
