// The map canvas. Layers, bottom to top: the ground-truth image, the selected robot's own SLAM
// map, the exploration and coverage heatmaps (recent red to old blue, as MAES shows them), a fog
// over cells no lidar ray has reached yet, environment tags (hover one for its payload), the radio links of the
// last frame's tick (thin lines between robots that can talk), then the robots (heading, id; physical robots as
// squares, virtual ones as discs). Pan by dragging, zoom with the wheel, click a robot to select
// it, follow the selected one.
//
// Drawing stays cheap with hundreds of robots and millions of cells: each raster layer is a
// canvas at map resolution (rasterLayer.js) whose tiles are repainted only where cells changed;
// the layers are scaled into one screen-sized canvas when one changes or the view moves, which
// each frame copies; robot positions live in typed arrays reused from frame to frame and are
// interpolated between the stream's frames (10 Hz), so the canvas redraws at the display's rate
// only while robots move. Exposes the ids it drew as canvas.dataset.robots, the links it holds as
// canvas.dataset.links and its cell-to-pixel transform as canvas.dataset.transform (for tests).

import { decodeSlamCells, decodeSlamChanges } from './slamCells.js';
import { RasterLayer, rgba32 } from './rasterLayer.js';

const VIRTUAL = '#2563eb';
const PHYSICAL = '#ea580c';
const STOP_COLOUR = '#dc2626';
const SELECTED_COLOUR = '#facc15';
/** The fog over unexplored cells: as a pixel tiles are painted with, and as the colour a whole layer is filled with. */
const FOG = rgba32(30, 41, 59, 140);
const FOG_CSS = `rgba(30, 41, 59, ${140 / 255})`;
const HEAT_ALPHA = 150;
/** Robots stay visible and clickable on big maps, where 0.3 m is under a pixel. */
const MIN_ROBOT_RADIUS_PX = 5;
/** Ids are drawn for a small fleet, or when the discs are at least this big (500 labels at fit zoom are noise). */
const LABEL_MIN_RADIUS_PX = 7;
const LABEL_MAX_FLEET = 50;
/** A pointer that moved less than this between down and up clicked rather than dragged. */
const CLICK_SLOP_PX = 4;
/** A SLAM cell's pixel by its value (0 unknown: transparent, 1 open, 2 solid). */
const SLAM_PIXELS = Uint32Array.of(0, rgba32(236, 253, 245, 200), rgba32(4, 120, 87, 255));
const TAG_COLOUR = '#9333ea';
const TAG_HALF_PX = 3;
const LINK_COLOUR = '#0d9488';

/** 256 heat pixels from red (0, recent) through the hues to blue (255, old). */
const HEAT_LUT = (() => {
  const lut = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const hue = (240 * i) / 255;
    const f = (n) => {
      const k = (n + hue / 60) % 6;
      return Math.round(255 * (1 - Math.max(0, Math.min(k, 4 - k, 1))));
    };
    lut[i] = rgba32(f(5), f(3), f(1), HEAT_ALPHA);
  }
  return lut;
})();

/** A tag's payload as text when it is UTF-8, else as hex bytes. */
function payloadText(base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  }
}

export class MapView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {string} imageUrl the ground-truth PNG
   * @param {{ onSelect: (id: string | null) => void }} handlers
   */
  constructor(canvas, imageUrl, handlers) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.handlers = handlers;
    this.meta = null;
    this.imageUrl = imageUrl;
    this.image = new Image();
    this.image.onload = () => this.invalidateRaster();
    this.layers = { truth: true, slam: true, exploration: false, coverage: false, explored: true, links: true };
    this.view = { scale: 1, offX: 0, offY: 0 };
    this.follow = false;
    this.selected = null;
    this.simSeconds = 0;
    this.tags = { x: [], y: [], text: [] };
    // setRoster's shape, of no robots: a trial may have none (physical robots yet to join).
    const none = () => new Float32Array(0);
    this.robots = {
      count: 0,
      ids: [],
      physical: new Uint8Array(0),
      online: new Uint8Array(0),
      estop: new Uint8Array(0),
      x: none(),
      y: none(),
      prevX: none(),
      prevY: none(),
      heading: none(),
      frameAt: 0,
    };
    /** Radio links as pairs of robot indices (a at 2k, b at 2k + 1). */
    this.links = new Uint16Array(0);
    this.drawPending = false;
    // The raster layers composed at the view they were drawn for (see drawBase).
    this.base = document.createElement('canvas');
    this.baseView = null;
    this.baseStale = true;
    this.drawLoop = (now) => {
      this.drawPending = false;
      this.draw(now);
    };
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
    this.listen();
  }

  /** The map frame (MapMeta from the server): loads the map image (the live trial's, or `imageUrl`: a replay's) and sets up every layer. */
  setMeta(meta, imageUrl = this.imageUrl) {
    this.meta = meta;
    // Each (re)connection: after a gateway restart the trial, and so the map, may be another one.
    this.image.src = `${imageUrl}?connected=${Date.now()}`;
    const { width, height } = meta;
    this.fog = new RasterLayer(width, height);
    this.fog.fill(FOG_CSS);
    // The heatmaps mark every tile holding a stamped cell, and make their canvases when first shown.
    this.exploration = new RasterLayer(width, height);
    this.coverage = new RasterLayer(width, height);
    this.slam = null;
    this.slamCells = null;
    // Sim seconds when each cell was first explored / last covered; NaN: not yet. Float32: a
    // colour needs no more (a 27-hour trial still resolves 8 ms), at half the bytes a cell.
    this.exploredAt = new Float32Array(width * height).fill(Number.NaN);
    this.coveredAt = new Float32Array(width * height).fill(Number.NaN);
    this.explored = null;
    this.baseStale = true;
    this.clearTags();
    this.fit();
  }

  clearTags() {
    this.tags = { x: [], y: [], text: [] };
    this.invalidate();
  }

  /** Environment tags from GET api/trial/tags: [{ robot, tick, xM, yM, payloadBase64 }]; hovering one shows its payload. */
  addTags(tags) {
    if (!this.meta) return;
    const { cellSizeM, originM, height } = this.meta;
    for (const tag of tags) {
      this.tags.x.push((tag.xM - originM.x) / cellSizeM);
      this.tags.y.push(height - (tag.yM - originM.y) / cellSizeM);
      this.tags.text.push(`tag by ${tag.robot} at tick ${tag.tick}: ${payloadText(tag.payloadBase64)}`);
    }
    if (tags.length > 0) this.invalidate();
  }

  /** A frame: { simSeconds, robots: [{ id, kind, x, y, headingRad, online, estop }] } (metres, map frame). */
  setFrame(frame) {
    if (!this.meta) return;
    const { robots } = frame;
    const r = this.robots;
    if (r.count !== robots.length || robots.some((robot, i) => robot.id !== r.ids[i])) this.setRoster(robots);
    else {
      r.prevX.set(r.x);
      r.prevY.set(r.y);
    }
    const now = performance.now();
    // Interpolate over the gap the stream keeps (10 Hz), bounded for a paused or bursty stream.
    r.periodMs = Math.min(500, Math.max(50, now - r.frameAt));
    r.frameAt = now;
    const { cellSizeM, originM, width, height } = this.meta;
    for (let i = 0; i < robots.length; i++) {
      const robot = robots[i];
      r.x[i] = (robot.x - originM.x) / cellSizeM;
      r.y[i] = height - (robot.y - originM.y) / cellSizeM;
      r.heading[i] = robot.headingRad;
      r.online[i] = robot.online ? 1 : 0;
      r.estop[i] = robot.estop ? 1 : 0;
      // Coverage: the cells robots stand on, as sampled by the stream.
      const cx = Math.floor(r.x[i]);
      const cy = Math.floor(height - r.y[i]);
      if (cx >= 0 && cy >= 0 && cx < width && cy < height) {
        this.coveredAt[cy * width + cx] = frame.simSeconds;
        this.coverage.mark(cy * width + cx);
      }
    }
    this.simSeconds = frame.simSeconds;
    this.invalidate();
  }

  /** The radio links of the last frame's tick: [{ a, b }] robot indices (the frame's order); `total` counts those beyond the stream's cap too. */
  setLinks(links, total) {
    const pairs = new Uint16Array(links.length * 2);
    links.forEach((link, k) => {
      pairs[2 * k] = link.a;
      pairs[2 * k + 1] = link.b;
    });
    this.links = pairs;
    this.canvas.dataset.links = total > links.length ? `${links.length} of ${total}` : String(links.length);
    this.invalidate();
  }

  setRoster(robots) {
    const n = robots.length;
    const floats = () => new Float32Array(n);
    Object.assign(this.robots, {
      count: n,
      ids: robots.map((robot) => robot.id),
      physical: Uint8Array.from(robots, (robot) => (robot.kind === 'physical' ? 1 : 0)),
      online: new Uint8Array(n),
      estop: new Uint8Array(n),
      x: floats(),
      y: floats(),
      prevX: floats(),
      prevY: floats(),
      heading: floats(),
      frameAt: 0,
    });
    // Written once a roster, not once a frame: 500 ids are a string worth not rebuilding at 60 Hz.
    this.canvas.dataset.robots = this.robots.ids.join(',');
    // Snap, not slide, after a roster change.
    requestAnimationFrame(() => {
      this.robots.prevX.set(this.robots.x);
      this.robots.prevY.set(this.robots.y);
    });
  }

  /**
   * Bit i (LSB first) of the explored bitmap (bytes) is grid cell i, grid row 0 at the bottom.
   * Only the bytes that gained bits are visited, and only the fog's tiles holding them repainted.
   */
  setExplored(bits) {
    if (!this.meta) return;
    const { width, height } = this.meta;
    const cells = width * height;
    const first = this.explored === null || this.explored.length !== bits.length;
    const previous = first ? new Uint8Array(bits.length) : this.explored;
    for (let b = 0; b < bits.length; b++) {
      const gained = bits[b] & ~previous[b];
      if (gained === 0) continue;
      for (let k = 0; k < 8; k++) {
        if (!(gained & (1 << k))) continue;
        const i = b * 8 + k;
        if (i >= cells) break;
        this.exploredAt[i] = this.simSeconds;
        this.fog.mark(i);
        this.exploration.mark(i);
      }
    }
    if (first) this.explored = bits.slice();
    else this.explored.set(bits);
    const explored = this.explored;
    this.fog.repaint((pixels, at, cell, n) => {
      for (let j = 0; j < n; j++) {
        const i = cell + j;
        pixels[at + j] = explored[i >> 3] & (1 << (i & 7)) ? 0 : FOG;
      }
    });
    // Heat colours age with time: a heatmap shown is recoloured at the bitmap's rate (1 Hz), every
    // tile it has stamps in. A hidden one is not; setLayer paints it.
    if (this.layers.exploration) this.paintHeat(this.exploration, this.exploredAt);
    if (this.layers.coverage) this.paintHeat(this.coverage, this.coveredAt);
    this.invalidateRaster();
  }

  /** Forgets the explored cells and the heat (a replay going back in time): all fog until the next setExplored. */
  resetExplored() {
    if (!this.meta) return;
    this.explored = null;
    this.exploredAt.fill(Number.NaN);
    this.coveredAt.fill(Number.NaN);
    this.fog.fill(FOG_CSS);
    this.exploration.fill(null);
    this.coverage.fill(null);
    this.invalidateRaster();
  }

  /** Colours each stamped cell of `target`'s marked tiles by its age relative to the oldest: red now, blue the oldest. */
  paintHeat(target, stampedAt) {
    let oldest = Infinity;
    for (let i = 0; i < stampedAt.length; i++) if (stampedAt[i] < oldest) oldest = stampedAt[i];
    const now = this.simSeconds;
    const span = Math.max(1e-9, now - oldest);
    target.repaint((pixels, at, cell, n) => {
      for (let j = 0; j < n; j++) {
        const stamp = stampedAt[cell + j];
        pixels[at + j] = Number.isNaN(stamp) ? 0 : HEAT_LUT[(255 * Math.min(1, (now - stamp) / span)) | 0];
      }
    }, true);
  }

  /**
   * The selected robot's own map: GET api/robots/{id}/slam (u32 width, u32 height, a byte a cell,
   * row 0 at the bottom), whole when first fetched (applySlamChanges takes the changes after).
   * Only the tiles where it differs from the map held are repainted.
   */
  setSlam(buffer) {
    const { width, height, cells } = decodeSlamCells(buffer);
    let was = this.slamCells;
    if (this.slam?.width !== width || this.slam.height !== height) {
      // A new layer starts transparent: the cells to paint are the known ones.
      this.slam = new RasterLayer(width, height);
      this.slam.fill(null);
      was = null;
    }
    // Compared four cells at a time (the cells start at byte 8 of the body, so the words are
    // aligned), then the tail: 16,000,000 cells on a 2000 x 2000 map, a few changed.
    const words = cells.length >> 2;
    const now32 = new Uint32Array(cells.buffer, cells.byteOffset, words);
    const was32 = was === null ? null : new Uint32Array(was.buffer, was.byteOffset, words);
    const layer = this.slam;
    const differs = (i) => cells[i] !== (was === null ? 0 : was[i]);
    for (let k = 0; k < words; k++) {
      if (now32[k] === (was32 === null ? 0 : was32[k])) continue;
      for (let i = 4 * k; i < 4 * k + 4; i++) if (differs(i)) layer.mark(i);
    }
    for (let i = 4 * words; i < cells.length; i++) if (differs(i)) layer.mark(i);
    this.slamCells = cells;
    this.repaintSlam();
  }

  /**
   * Applies a body of changes (GET .../slam?since=) to the SLAM map held; false when it holds
   * none of that size (the caller asks for the whole map again).
   */
  applySlamChanges(buffer) {
    const { width, height, runs } = decodeSlamChanges(buffer);
    const cells = this.slamCells;
    if (cells === null || this.slam?.width !== width || this.slam.height !== height) return false;
    const layer = this.slam;
    for (const run of runs) {
      for (let j = 0; j < run.cells.length; j++) {
        const i = run.first + j;
        if (cells[i] === run.cells[j]) continue;
        cells[i] = run.cells[j];
        layer.mark(i);
      }
    }
    this.repaintSlam();
    return true;
  }

  /** Repaints the SLAM layer's marked tiles from the cells held. */
  repaintSlam() {
    const cells = this.slamCells;
    this.slam.repaint((pixels, at, cell, n) => {
      for (let j = 0; j < n; j++) pixels[at + j] = SLAM_PIXELS[cells[cell + j]] ?? 0;
    });
    this.invalidateRaster();
  }

  select(id) {
    // Another robot's map is not this one's: drop it until the new one arrives.
    if (id !== this.selected) {
      this.slam = null;
      this.slamCells = null;
    }
    this.selected = id;
    if (id === null) this.follow = false;
    this.invalidateRaster();
  }

  setFollow(on) {
    this.follow = on;
    this.invalidate();
  }

  setLayer(name, on) {
    this.layers[name] = on;
    // A heatmap is recoloured only while shown: brought up to date as it is switched on.
    if (on && this.meta && name === 'exploration') this.paintHeat(this.exploration, this.exploredAt);
    if (on && this.meta && name === 'coverage') this.paintHeat(this.coverage, this.coveredAt);
    this.invalidateRaster();
  }

  /** Scale and offsets that show the whole map, centred. */
  fit() {
    if (!this.meta) return;
    const { width, height } = this.meta;
    const scale = Math.min(this.cssW / width, this.cssH / height);
    this.view = { scale, offX: (this.cssW - width * scale) / 2, offY: (this.cssH - height * scale) / 2 };
    this.fitScale = scale;
    this.invalidate();
  }

  resize() {
    const box = this.canvas.parentElement.getBoundingClientRect();
    this.cssW = Math.max(1, Math.floor(box.width - 2));
    this.cssH = Math.max(1, Math.floor(box.height - 2));
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${this.cssW}px`;
    this.canvas.style.height = `${this.cssH}px`;
    this.canvas.width = Math.round(this.cssW * dpr);
    this.canvas.height = Math.round(this.cssH * dpr);
    this.base.width = this.canvas.width;
    this.base.height = this.canvas.height;
    this.baseStale = true;
    this.dpr = dpr;
    this.fit();
  }

  listen() {
    const { canvas } = this;
    canvas.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const { scale, offX, offY } = this.view;
        const next = Math.min(this.fitScale * 64, Math.max(this.fitScale / 2, scale * Math.exp(-event.deltaY * 0.0015)));
        // Zoom about the pointer: the cell under it stays under it.
        const cx = (event.offsetX - offX) / scale;
        const cy = (event.offsetY - offY) / scale;
        this.view = { scale: next, offX: event.offsetX - cx * next, offY: event.offsetY - cy * next };
        this.invalidate();
      },
      { passive: false },
    );
    let drag = null;
    canvas.addEventListener('pointerdown', (event) => {
      drag = { x: event.offsetX, y: event.offsetY, offX: this.view.offX, offY: this.view.offY, moved: false };
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener('pointermove', (event) => {
      if (!drag) {
        canvas.title = this.tagAt(event.offsetX, event.offsetY) ?? '';
        return;
      }
      const dx = event.offsetX - drag.x;
      const dy = event.offsetY - drag.y;
      if (Math.hypot(dx, dy) > CLICK_SLOP_PX) drag.moved = true;
      if (!drag.moved) return;
      // Dragging the map by hand ends following.
      this.follow = false;
      this.view = { ...this.view, offX: drag.offX + dx, offY: drag.offY + dy };
      this.invalidate();
    });
    canvas.addEventListener('pointerup', (event) => {
      if (drag && !drag.moved) this.handlers.onSelect(this.robotAt(event.offsetX, event.offsetY));
      drag = null;
    });
    canvas.addEventListener('dblclick', () => this.fit());
  }

  /** The id of the robot drawn under (px, py) in CSS pixels, or null. */
  robotAt(px, py) {
    const { scale, offX, offY } = this.view;
    const reach = Math.max(this.radiusPx() + 3, 8);
    let best = null;
    let bestD = reach;
    const r = this.robots;
    for (let i = 0; i < r.count; i++) {
      const d = Math.hypot(r.x[i] * scale + offX - px, r.y[i] * scale + offY - py);
      if (d <= bestD) {
        best = r.ids[i];
        bestD = d;
      }
    }
    return best;
  }

  /** The text of the tag drawn under (px, py) in CSS pixels, or null. */
  tagAt(px, py) {
    const { scale, offX, offY } = this.view;
    const { x, y, text } = this.tags;
    for (let i = x.length - 1; i >= 0; i--) {
      if (Math.abs(x[i] * scale + offX - px) <= TAG_HALF_PX + 2 && Math.abs(y[i] * scale + offY - py) <= TAG_HALF_PX + 2) return text[i];
    }
    return null;
  }

  radiusPx() {
    const { meta, view } = this;
    return Math.max(MIN_ROBOT_RADIUS_PX, (meta.robotRadiusM / meta.cellSizeM) * view.scale);
  }

  invalidate() {
    if (this.drawPending) return;
    this.drawPending = true;
    requestAnimationFrame(this.drawLoop);
  }

  /** A raster layer changed (or was switched): the next frame composes them again. */
  invalidateRaster() {
    this.baseStale = true;
    this.invalidate();
  }

  draw(now) {
    const { ctx, meta } = this;
    if (!meta) return;
    const r = this.robots;
    const t = r.count > 0 ? Math.min(1, (now - r.frameAt) / r.periodMs) : 1;
    if (this.follow && this.selected !== null) {
      const i = r.ids.indexOf(this.selected);
      if (i >= 0) {
        const { scale } = this.view;
        const x = r.prevX[i] + (r.x[i] - r.prevX[i]) * t;
        const y = r.prevY[i] + (r.y[i] - r.prevY[i]) * t;
        this.view = { scale, offX: this.cssW / 2 - x * scale, offY: this.cssH / 2 - y * scale };
      }
    }
    const { scale, offX, offY } = this.view;
    const at = this.baseView;
    if (this.baseStale || at.scale !== scale || at.offX !== offX || at.offY !== offY) this.drawBase();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssW, this.cssH);
    // Pixel for pixel (the base is the canvas's size): no smoothing to do.
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.base, 0, 0, this.cssW, this.cssH);
    this.drawTags();
    if (this.layers.links) this.drawLinks(t);
    this.drawRobots(t);
    this.canvas.dataset.transform = `${scale},${offX},${offY}`;
    // Keep drawing while robots glide towards their last reported poses.
    if (t < 1) this.invalidate();
  }

  /**
   * Composes the raster layers (ground truth, SLAM map, heatmaps, fog) at the current view into
   * `base`, which every frame then copies: scaling layers of millions of cells (a robot's SLAM map
   * on a 2000 x 2000 map is 4000 x 4000) on every frame held the page under 25 frames per second
   * while robots moved (BENCHMARKS.md, "Live view on a large map"). Done again when a layer
   * changes (at most 1 Hz) or the view moves.
   */
  drawBase() {
    const { meta } = this;
    const ctx = this.base.getContext('2d');
    const { scale, offX, offY } = this.view;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssW, this.cssH);
    // Cells are the data: no smoothing between them while a cell spans a pixel or more. Shrunk
    // below that (a 2000-cell map fitted into a few hundred pixels), cells picked without it are
    // noise; smoothed, they average into a readable map.
    ctx.imageSmoothingEnabled = scale * this.dpr < 1;
    ctx.imageSmoothingQuality = 'high';
    const w = meta.width * scale;
    const h = meta.height * scale;
    if (this.layers.truth && this.image.complete && this.image.naturalWidth > 0) ctx.drawImage(this.image, offX, offY, w, h);
    if (this.layers.slam && this.slam) ctx.drawImage(this.slam.canvas, offX, offY, w, h);
    if (this.layers.exploration && this.exploration.canvas) ctx.drawImage(this.exploration.canvas, offX, offY, w, h);
    if (this.layers.coverage && this.coverage.canvas) ctx.drawImage(this.coverage.canvas, offX, offY, w, h);
    if (this.layers.explored) ctx.drawImage(this.fog.canvas, offX, offY, w, h);
    this.baseView = this.view;
    this.baseStale = false;
  }

  /** Tags as small diamonds, one path. */
  drawTags() {
    const { ctx } = this;
    const { scale, offX, offY } = this.view;
    const { x, y } = this.tags;
    if (x.length === 0) return;
    ctx.beginPath();
    for (let i = 0; i < x.length; i++) {
      const px = x[i] * scale + offX;
      const py = y[i] * scale + offY;
      ctx.moveTo(px, py - TAG_HALF_PX);
      ctx.lineTo(px + TAG_HALF_PX, py);
      ctx.lineTo(px, py + TAG_HALF_PX);
      ctx.lineTo(px - TAG_HALF_PX, py);
      ctx.closePath();
    }
    ctx.fillStyle = TAG_COLOUR;
    ctx.fill();
  }

  /** Links as one path of thin lines between the robots' interpolated positions. */
  drawLinks(t) {
    const { ctx, links } = this;
    const r = this.robots;
    if (links.length === 0) return;
    const { scale, offX, offY } = this.view;
    ctx.beginPath();
    for (let k = 0; k < links.length; k += 2) {
      const a = links[k];
      const b = links[k + 1];
      // A roster change may arrive before the links of the new roster.
      if (b >= r.count) continue;
      ctx.moveTo((r.prevX[a] + (r.x[a] - r.prevX[a]) * t) * scale + offX, (r.prevY[a] + (r.y[a] - r.prevY[a]) * t) * scale + offY);
      ctx.lineTo((r.prevX[b] + (r.x[b] - r.prevX[b]) * t) * scale + offX, (r.prevY[b] + (r.y[b] - r.prevY[b]) * t) * scale + offY);
    }
    ctx.strokeStyle = LINK_COLOUR;
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  /** Robots in a few batched paths (one per colour), not a path each: the cost of 500 robots is in the path calls. */
  drawRobots(t) {
    const { ctx } = this;
    const r = this.robots;
    const { scale, offX, offY } = this.view;
    const radius = this.radiusPx();
    const px = (i) => (r.prevX[i] + (r.x[i] - r.prevX[i]) * t) * scale + offX;
    const py = (i) => (r.prevY[i] + (r.y[i] - r.prevY[i]) * t) * scale + offY;
    const visible = (x, y) => x > -radius && y > -radius && x < this.cssW + radius && y < this.cssH + radius;
    // Labels first: a neighbour's id never hides a robot.
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    const labelAll = radius >= LABEL_MIN_RADIUS_PX || r.count <= LABEL_MAX_FLEET;
    for (let i = 0; i < r.count; i++) {
      if (!labelAll && r.ids[i] !== this.selected) continue;
      const x = px(i);
      const y = py(i);
      if (visible(x, y)) this.drawLabel(r.ids[i], x + radius + 4, y - radius);
    }
    for (const physical of [0, 1]) {
      ctx.beginPath();
      for (let i = 0; i < r.count; i++) {
        if (r.physical[i] !== physical || !r.online[i]) continue;
        const x = px(i);
        const y = py(i);
        if (!visible(x, y)) continue;
        if (physical) ctx.rect(x - radius, y - radius, 2 * radius, 2 * radius);
        else {
          ctx.moveTo(x + radius, y);
          ctx.arc(x, y, radius, 0, 2 * Math.PI);
        }
      }
      ctx.fillStyle = physical ? PHYSICAL : VIRTUAL;
      ctx.fill();
    }
    // Offline robots (rare): hollow and dashed. Stopped ones: a red ring. The selected one: yellow.
    ctx.lineWidth = 2;
    for (let i = 0; i < r.count; i++) {
      const offline = !r.online[i];
      const stopped = r.estop[i] === 1;
      const selected = r.ids[i] === this.selected;
      if (!offline && !stopped && !selected) continue;
      const x = px(i);
      const y = py(i);
      if (offline) {
        ctx.beginPath();
        ctx.arc(x, y, radius, 0, 2 * Math.PI);
        ctx.fillStyle = '#ffffff';
        ctx.fill();
        ctx.setLineDash([3, 2]);
        ctx.strokeStyle = '#6b7785';
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (stopped || selected) {
        ctx.beginPath();
        ctx.arc(x, y, radius + 3, 0, 2 * Math.PI);
        ctx.strokeStyle = stopped ? STOP_COLOUR : SELECTED_COLOUR;
        ctx.lineWidth = 3;
        ctx.stroke();
        ctx.lineWidth = 2;
      }
    }
    // Headings, one path: canvas y points down, map y up.
    ctx.beginPath();
    for (let i = 0; i < r.count; i++) {
      const x = px(i);
      const y = py(i);
      if (!visible(x, y)) continue;
      ctx.moveTo(x, y);
      ctx.lineTo(x + Math.cos(r.heading[i]) * radius, y - Math.sin(r.heading[i]) * radius);
    }
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }

  drawLabel(text, x, y) {
    const { ctx } = this;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.strokeText(text, x, y);
    ctx.fillStyle = '#1f2933';
    ctx.fillText(text, x, y);
  }
}
