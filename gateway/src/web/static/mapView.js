// The map canvas: the ground-truth image, a fog over cells no lidar ray has reached yet, and
// every robot as an oriented circle coloured by kind. Redraws at most once per animation
// frame, whatever the event rate. Exposes the ids it drew as canvas.dataset.robots (for tests
// and for anyone inspecting the page).

const COLOURS = { virtual: '#2563eb', physical: '#ea580c' };
const STOP_COLOUR = '#dc2626';
const FOG_RGBA = [30, 41, 59, 140];
/** Robots stay visible and clickable-looking on big maps, where 0.3 m is under a pixel. */
const MIN_ROBOT_RADIUS_PX = 7;

export class MapView {
  /** @param {HTMLCanvasElement} canvas @param {string} imageUrl */
  constructor(canvas, imageUrl) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.meta = null;
    this.frame = null;
    this.fog = null;
    this.pxPerCell = 1;
    this.drawPending = false;
    this.imageUrl = imageUrl;
    this.image = new Image();
    this.image.onload = () => this.invalidate();
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
  }

  /** The map frame (MapMeta from the server): loads the map image, sets up the fog bitmap and the canvas size. */
  setMeta(meta) {
    this.meta = meta;
    // Each (re)connection: after a gateway restart the trial, and so the map, may be another one.
    this.image.src = `${this.imageUrl}?connected=${Date.now()}`;
    this.fog = document.createElement('canvas');
    this.fog.width = meta.width;
    this.fog.height = meta.height;
    this.resize();
  }

  setFrame(frame) {
    this.frame = frame;
    this.invalidate();
  }

  /** Bit i (LSB first) of the explored bitmap (bytes) is grid cell i, grid row 0 at the bottom. */
  setExplored(bits) {
    if (!this.meta) return;
    const { width, height } = this.meta;
    const fogCtx = this.fog.getContext('2d');
    const image = fogCtx.createImageData(width, height);
    for (let y = 0; y < height; y++) {
      // Image rows run top-down.
      const row = (height - 1 - y) * width;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (bits[i >> 3] & (1 << (i & 7))) continue;
        const o = (row + x) * 4;
        image.data[o] = FOG_RGBA[0];
        image.data[o + 1] = FOG_RGBA[1];
        image.data[o + 2] = FOG_RGBA[2];
        image.data[o + 3] = FOG_RGBA[3];
      }
    }
    fogCtx.putImageData(image, 0, 0);
    this.invalidate();
  }

  resize() {
    if (!this.meta) return;
    const box = this.canvas.parentElement.getBoundingClientRect();
    const { width, height } = this.meta;
    this.pxPerCell = Math.max(1, Math.min((box.width - 2) / width, (box.height - 2) / height));
    const cssW = Math.floor(width * this.pxPerCell);
    const cssH = Math.floor(height * this.pxPerCell);
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${cssW}px`;
    this.canvas.style.height = `${cssH}px`;
    this.canvas.width = Math.round(cssW * dpr);
    this.canvas.height = Math.round(cssH * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.invalidate();
  }

  invalidate() {
    if (this.drawPending) return;
    this.drawPending = true;
    requestAnimationFrame(() => {
      this.drawPending = false;
      this.draw();
    });
  }

  draw() {
    const { ctx, meta } = this;
    if (!meta) return;
    const w = meta.width * this.pxPerCell;
    const h = meta.height * this.pxPerCell;
    ctx.clearRect(0, 0, w, h);
    // Cells are the data: no smoothing between them.
    ctx.imageSmoothingEnabled = false;
    if (this.image.complete && this.image.naturalWidth > 0) ctx.drawImage(this.image, 0, 0, w, h);
    if (this.fog) ctx.drawImage(this.fog, 0, 0, w, h);
    if (this.frame) this.drawRobots(this.frame.robots);
  }

  drawRobots(robots) {
    const { ctx, meta } = this;
    const scale = this.pxPerCell / meta.cellSizeM;
    const radius = Math.max(MIN_ROBOT_RADIUS_PX, meta.robotRadiusM * scale);
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    for (const robot of robots) {
      const px = (robot.x - meta.originM.x) * scale;
      const py = (meta.height * meta.cellSizeM - (robot.y - meta.originM.y)) * scale;
      const colour = COLOURS[robot.kind];
      ctx.beginPath();
      ctx.arc(px, py, radius, 0, 2 * Math.PI);
      if (robot.online) {
        ctx.fillStyle = colour;
        ctx.fill();
        ctx.setLineDash([]);
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = 1.5;
      } else {
        ctx.fillStyle = '#ffffff';
        ctx.fill();
        ctx.setLineDash([3, 2]);
        ctx.strokeStyle = '#6b7785';
        ctx.lineWidth = 2;
      }
      ctx.stroke();
      ctx.setLineDash([]);
      if (robot.estop) {
        ctx.beginPath();
        ctx.arc(px, py, radius + 2.5, 0, 2 * Math.PI);
        ctx.strokeStyle = STOP_COLOUR;
        ctx.lineWidth = 3;
        ctx.stroke();
      }
      // Heading: canvas y points down, map y up.
      ctx.beginPath();
      ctx.moveTo(px, py);
      ctx.lineTo(px + Math.cos(robot.headingRad) * radius, py - Math.sin(robot.headingRad) * radius);
      ctx.strokeStyle = robot.online ? '#ffffff' : colour;
      ctx.lineWidth = 2;
      ctx.stroke();
      this.drawLabel(robot.id, px + radius + 4, py - radius);
    }
    this.canvas.dataset.robots = robots.map((r) => r.id).join(',');
  }

  drawLabel(text, x, y) {
    const { ctx } = this;
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.strokeText(text, x, y);
    ctx.fillStyle = '#1f2933';
    ctx.fillText(text, x, y);
  }
}
