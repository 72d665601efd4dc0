// One raster layer of the map canvas (the fog, a heatmap, a robot's SLAM map): an offscreen
// canvas with a pixel a cell, which the map view blits scaled, written a tile at a time through
// one small ImageData. A tile is repainted only when it is marked (a cell of it changed).
//
// Why tiles: a 2000 x 2000 map has 4,000,000 cells and a robot's SLAM map 16,000,000 (twice the
// resolution). An ImageData of the whole layer held 16 or 64 MB beside the canvas's own pixels,
// and rewriting and uploading all of it each second for the few thousand cells that changed
// froze the page for most of a second with a robot selected (BENCHMARKS.md, "Live view on a
// large map"). The canvas is made on first use, so a layer never shown costs its marks only.

/** Cells a tile side: 64 KB of ImageData, and a few hundred putImageData calls for a whole 2000 x 2000 layer. */
const TILE = 128;

/** A colour as the u32 a pixel is through a Uint32Array over ImageData bytes (R, G, B, A in memory: little-endian, as every browser the page runs in). */
export function rgba32(r, g, b, a) {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export class RasterLayer {
  /** A layer of `width` x `height` grid cells, grid row 0 at the bottom (drawn as the image's last row). */
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.tilesX = Math.ceil(width / TILE);
    /** Per tile (image rows top-down), 1 when marked. */
    this.marks = new Uint8Array(this.tilesX * Math.ceil(height / TILE));
    this.canvas = null;
  }

  /** Marks the tile holding grid cell `cell` (row-major, row 0 at the bottom). */
  mark(cell) {
    const gridRow = Math.floor(cell / this.width);
    const row = this.height - 1 - gridRow;
    this.marks[Math.floor(row / TILE) * this.tilesX + Math.floor((cell - gridRow * this.width) / TILE)] = 1;
  }

  /** Fills the whole layer with a CSS colour, or clears it (null), and drops every mark. */
  fill(colour) {
    const ctx = this.context();
    ctx.clearRect(0, 0, this.width, this.height);
    if (colour !== null) {
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, this.width, this.height);
    }
    this.marks.fill(0);
  }

  /**
   * Repaints every marked tile a row of cells at a time: `paintRow(pixels, at, cell, n)` writes
   * the colours (rgba32) of the n cells of one grid row from `cell` into `pixels` from `at`.
   * The marks are dropped, unless `keep` (a heatmap, whose every painted tile changes colour as
   * time goes on, marks the tiles it has ever painted).
   */
  repaint(paintRow, keep = false) {
    const ctx = this.context();
    const { width, height, tilesX, marks, pixels, image } = this;
    for (let t = 0; t < marks.length; t++) {
      if (marks[t] === 0) continue;
      const x0 = (t % tilesX) * TILE;
      const row0 = Math.floor(t / tilesX) * TILE;
      const w = Math.min(TILE, width - x0);
      const h = Math.min(TILE, height - row0);
      for (let k = 0; k < h; k++) paintRow(pixels, k * TILE, (height - 1 - (row0 + k)) * width + x0, w);
      ctx.putImageData(image, x0, row0, 0, 0, w, h);
      if (!keep) marks[t] = 0;
    }
  }

  context() {
    if (this.canvas === null) {
      this.canvas = document.createElement('canvas');
      this.canvas.width = this.width;
      this.canvas.height = this.height;
      this.ctx = this.canvas.getContext('2d');
      this.image = this.ctx.createImageData(TILE, TILE);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    return this.ctx;
  }
}
