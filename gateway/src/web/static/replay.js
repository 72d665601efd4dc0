// Replay of a recording on the live map canvas: the recordings list (GET api/recordings), and a
// player over the track of GET api/recordings/{name}/replay (the live stream's own messages,
// decoded by protocol.js: meta, roster, one full frame per recorded tick, explored updates each
// before the frame of its time). The clock runs here, in the page: play, pause, seek and speed
// need no server state. While a replay is shown the page ignores the live stream (app.js), and
// "Back to live" hands the canvas back to it.
//
// For tests: body.dataset.mode is 'replay' while replaying, replayTime the clock (s, 3 decimals),
// replayTick the tick of the frame shown, replayLoops the player's animation frames so far.
import { decodeLiveTrack } from './protocol.js';

const $ = (id) => document.getElementById(id);
const LIST_EVERY_MS = 10_000;

/** Seconds as m:ss.s. */
function clockText(seconds) {
  const m = Math.floor(seconds / 60);
  return `${m}:${(seconds - m * 60).toFixed(1).padStart(4, '0')}`;
}

/** A decoded track as the player reads it: the meta, the roster, and per frame its time, robots and the explored updates before it. */
function timeline(messages) {
  const [meta, roster] = messages;
  if (meta?.kind !== 'meta' || roster?.kind !== 'roster') throw new Error('the track does not start with its meta and roster');
  const frames = [];
  let explored = [];
  for (const message of messages.slice(2)) {
    if (message.kind === 'explored') explored.push(message);
    else if (message.kind === 'frame') {
      frames.push({ frame: message, explored });
      explored = [];
    }
  }
  if (frames.length === 0) throw new Error('the track holds no frame');
  return { meta: meta.meta, roster: roster.robots, frames, durationS: frames[frames.length - 1].frame.simSeconds };
}

/** The index of the last frame at or before `t` seconds (the first when t is before it). */
function frameAt(frames, t) {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames[mid].frame.simSeconds <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class Replay {
  /**
   * @param {{ view: import('./mapView.js').MapView, showFrame: (frame: object) => void, onEnter: () => void, onExit: () => void, toast: (text: string, isError: boolean) => void }} hooks
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.active = false;
    this.playing = false;
    this.speed = 1;
    this.time = 0;
    this.loops = 0;
    this.looping = false;
    this.listed = '';
    this.track = null;
    this.shown = -1;
    this.bits = null;
    $('replay-play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    $('replay-seek').addEventListener('input', (event) => this.seek(Number(event.target.value)));
    $('replay-speed').addEventListener('change', (event) => (this.speed = Number(event.target.value)));
    $('replay-exit').addEventListener('click', () => this.exit());
    $('recordings-refresh').addEventListener('click', () => this.list());
    this.list();
    // A recording a live trial finishes (serve --record) appears without a reload.
    setInterval(() => this.list(), LIST_EVERY_MS);
  }

  /** Fills the recordings panel: one row a file, with its Replay button. */
  async list() {
    let recordings;
    try {
      const response = await fetch('api/recordings');
      if (!response.ok) return;
      recordings = await response.json();
    } catch {
      return;
    }
    // Rows are rebuilt only when the folder changed: a button is not swapped under a pointer for nothing.
    const listed = JSON.stringify(recordings);
    if (listed === this.listed) return;
    this.listed = listed;
    const rows = recordings.map((r) => {
      const row = document.createElement('li');
      row.dataset.recording = r.name;
      const name = document.createElement('span');
      name.textContent = `${r.name} (${(r.bytes / 1e6).toFixed(1)} MB)`;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Replay';
      button.addEventListener('click', () => this.open(r.name));
      row.append(name, button);
      return row;
    });
    $('recordings').replaceChildren(...rows);
    $('recordings-empty').hidden = rows.length > 0;
  }

  /** Fetches a recording's track and shows its first frame, paused. */
  async open(name) {
    let track;
    try {
      const response = await fetch(`api/recordings/${encodeURIComponent(name)}/replay`);
      if (!response.ok) throw new Error((await response.json()).error ?? `HTTP ${response.status}`);
      track = timeline(decodeLiveTrack(new Uint8Array(await response.arrayBuffer())));
    } catch (error) {
      this.hooks.toast(`Replay of ${name} FAILED: ${error.message}`, true);
      return;
    }
    this.hooks.onEnter();
    this.track = track;
    this.active = true;
    this.pause();
    document.body.dataset.mode = 'replay';
    document.body.dataset.replay = name;
    $('replay-name').textContent = name;
    const seek = $('replay-seek');
    // Any time, not steps of a tick: a step's rounding could land just before the frame asked for.
    seek.max = String(track.durationS);
    $('replay-bar').hidden = false;
    this.hooks.view.setMeta(track.meta, `api/recordings/${encodeURIComponent(name)}/map.png`);
    this.shown = -1;
    this.bits = null;
    this.time = 0;
    this.show(0);
    this.lastNow = performance.now();
    // One loop at most: a replay opened while one runs (or just after leaving it) takes over the running loop.
    if (!this.looping) {
      this.looping = true;
      requestAnimationFrame((now) => this.loop(now));
    }
  }

  play() {
    if (this.track && this.time >= this.track.durationS) this.seek(0);
    this.playing = true;
    $('replay-play').textContent = 'Pause';
  }

  pause() {
    this.playing = false;
    $('replay-play').textContent = 'Play';
  }

  /** Moves the clock to `t` seconds (clamped) and shows that frame at once, without gliding. */
  seek(t) {
    if (!this.track) return;
    this.time = Math.min(this.track.durationS, Math.max(0, t));
    this.show(frameAt(this.track.frames, this.time), true);
    this.publishTime();
  }

  exit() {
    this.active = false;
    this.playing = false;
    this.track = null;
    $('replay-bar').hidden = true;
    delete document.body.dataset.mode;
    delete document.body.dataset.replay;
    this.hooks.onExit();
  }

  /** One animation frame: advances the clock while playing (stopping at the end) and shows the frame of its time. */
  loop(now) {
    if (!this.active) {
      this.looping = false;
      return;
    }
    const dt = (now - this.lastNow) / 1000;
    this.lastNow = now;
    if (this.playing) {
      this.time = Math.min(this.track.durationS, this.time + dt * this.speed);
      if (this.time >= this.track.durationS) this.pause();
      this.show(frameAt(this.track.frames, this.time));
    }
    this.loops++;
    document.body.dataset.replayLoops = String(this.loops);
    this.publishTime();
    requestAnimationFrame((next) => this.loop(next));
  }

  publishTime() {
    $('replay-seek').value = String(this.time);
    $('replay-time').textContent = `${clockText(this.time)} / ${clockText(this.track.durationS)}`;
    document.body.dataset.replayTime = this.time.toFixed(3);
  }

  /** Shows frame `index`: the explored bitmap brought to its time (from the start when going back), then its robots. */
  show(index, snap = false) {
    const { frames, meta, roster } = this.track;
    if (index === this.shown) return;
    const view = this.hooks.view;
    if (index < this.shown || this.bits === null) {
      this.bits = new Uint8Array(Math.ceil((meta.width * meta.height) / 8));
      view.resetExplored();
      this.shown = -1;
    }
    let changed = false;
    for (let k = this.shown + 1; k <= index; k++) {
      for (const update of frames[k].explored) {
        if (update.full) this.bits = update.bits.slice();
        else for (const c of update.changes) this.bits[c.index] = c.value;
        changed = true;
      }
    }
    this.shown = index;
    const { frame } = frames[index];
    // The explored time stamps (heat) take the frame's time.
    view.simSeconds = frame.simSeconds;
    if (changed) view.setExplored(this.bits);
    const robots = frame.robots.map((robot, i) => ({ ...robot, id: roster[i].id, kind: roster[i].physical ? 'physical' : 'virtual' }));
    const shown = { ...frame, robots };
    this.hooks.showFrame(shown);
    // A second identical frame leaves nothing to glide over: a seek lands at once.
    if (snap) view.setFrame(shown);
    document.body.dataset.replayTick = String(frame.tick);
  }
}
