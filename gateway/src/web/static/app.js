// The live trial page: one WebSocket on /api/live/ws (binary, decoded by the protocols package's
// own codec, served as protocol.js) feeds the header, the map and the fleet table; the trial
// controls go to /api/trial/*, emergency stops to POST /api/estop and releases to POST
// /api/estop/release (docs/api.md). Relative URLs, so the page also works behind a reverse
// proxy under a prefix.
import { FleetTable } from './fleetTable.js';
import { MapView } from './mapView.js';
import { TrialCharts } from './charts.js';
import { LiveWireState, decodeLiveMessage } from './protocol.js';
import { Replay } from './replay.js';

const $ = (id) => document.getElementById(id);

// The gateway's HTTP token, when it needs one: `swarmgate serve` prints the page's URL as
// http://HOST:PORT/#token=... A fragment never reaches the server, a log or a Referer; the
// page keeps the token for this tab (sessionStorage) and takes it out of the address bar.
const TOKEN_KEY = 'swarmgate-token';
const fragmentToken = new URLSearchParams(location.hash.slice(1)).get('token');
if (fragmentToken) {
  sessionStorage.setItem(TOKEN_KEY, fragmentToken);
  history.replaceState(null, '', location.pathname + location.search);
}
const token = sessionStorage.getItem(TOKEN_KEY);

const view = new MapView($('map'), 'api/map.png', { onSelect: (id) => (id === null ? closeDetail() : selectRobot(id)) });
for (const box of document.querySelectorAll('input[data-layer]')) {
  box.addEventListener('change', () => view.setLayer(box.dataset.layer, box.checked));
}
$('follow').addEventListener('change', (event) => view.setFollow(event.target.checked));
const charts = new TrialCharts($('chart-progress'), $('chart-messages'));
async function pollCharts() {
  try {
    await charts.poll();
  } catch {
    // The connection badge already shows a lost gateway.
  }
}
pollCharts();
setInterval(pollCharts, 1000);

/** The last tag id held: tags only accumulate during a trial, so each poll asks for the new ones. */
let lastTagId = -1;
async function pollTags() {
  if (replay.active) return;
  try {
    const response = await fetch(`api/trial/tags?after=${lastTagId}`);
    if (!response.ok) return;
    const tags = await response.json();
    view.addTags(tags);
    if (tags.length > 0) lastTagId = tags[tags.length - 1].id;
  } catch {
    // The connection badge already shows a lost gateway.
  }
}
setInterval(pollTags, 1000);
// A recording replayed on the same canvas: while it is, the live stream below updates its state only.
// A recording holds no radio links: the live trial's are not drawn over a replay.
const replay = new Replay({ view, showFrame: showStats, toast, onEnter: enterReplay, onExit: showLive });

function enterReplay() {
  closeDetail();
  view.setLinks([], 0);
}
/** The live stream's state (the current connection's), to hand the canvas back after a replay. */
let liveState = null;

function showLive() {
  if (!liveState?.meta) return;
  view.setMeta(liveState.meta);
  if (liveState.explored) view.setExplored(liveState.explored);
  if (liveState.robots) showFrame(frameOf(liveState));
  if (liveState.links) view.setLinks(liveState.links, liveState.linksTotal);
  lastTagId = -1;
  pollTags();
}

const table = new FleetTable(document.querySelector('#fleet tbody'), {
  onStop: (id) => emergencyStop(id),
  onRelease: (id) => release(id),
  onSelect: (id) => selectRobot(id),
});
let frames = 0;
let robotCount = 0;
/** Ids of the robots emergency-stopped in the last frame. */
let stoppedIds = [];

/** Simulated time as m:ss.s (h:mm:ss beyond an hour). */
function formatSimTime(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = s.toFixed(1).padStart(4, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss.slice(0, 2)}` : `${m}:${ss}`;
}

/** A live frame: the header, the map, and the emergency stop buttons (which act on the live trial, replay or not). */
function showFrame(frame) {
  frames++;
  robotCount = frame.robots.length;
  stoppedIds = frame.robots.filter((r) => r.estop).map((r) => r.id);
  $('estop-all').disabled = robotCount > 0 && stoppedIds.length === robotCount;
  $('release-all').disabled = stoppedIds.length === 0;
  document.body.dataset.frames = String(frames);
  if (!replay.active) showStats(frame);
}

/** A frame on the header's stats and the map: the live trial's, or a replay's. */
function showStats(frame) {
  $('tick').textContent = frame.tick.toLocaleString('en');
  $('sim-time').textContent = formatSimTime(frame.simSeconds);
  $('explored').textContent = `${(frame.exploredFraction * 100).toFixed(1)} %`;
  $('speed').textContent = frame.speed === null ? '–' : `${frame.speed.toFixed(2)}×${frame.paced ? ' (paced)' : ''}`;
  const physical = frame.robots.filter((r) => r.kind === 'physical').length;
  $('robot-count').textContent = physical > 0 ? `${frame.robots.length - physical} + ${physical}` : String(frame.robots.length);
  document.body.dataset.tick = String(frame.tick);
  view.setFrame(frame);
}

function showFleet(fleet) {
  table.update(fleet);
  recordBatteries(fleet);
  const physical = fleet.filter((r) => r.kind === 'physical');
  const online = physical.filter((r) => r.online).length;
  $('fleet-summary').textContent = `${fleet.length} robots` + (physical.length > 0 ? ` · ${physical.length} physical, ${online} online` : '');
}

/** Robot ids refused at admission (GET api/robots/conflicts), polled: rare, and never urgent. */
async function showConflicts() {
  const list = $('id-conflicts');
  try {
    const response = await fetch('api/robots/conflicts');
    if (!response.ok) return;
    const conflicts = await response.json();
    list.replaceChildren(
      ...conflicts.map((c) => {
        const item = document.createElement('li');
        item.textContent = `Refused ${c.robotId} on ${c.channel} (${c.count}×, last ${new Date(c.lastMs).toLocaleTimeString()}): ${c.reason}`;
        return item;
      }),
    );
    list.hidden = conflicts.length === 0;
  } catch {
    // The connection badge already shows a lost gateway.
  }
}
showConflicts();
setInterval(showConflicts, 5000);

let toastTimer = 0;
function toast(message, isError) {
  const el = $('toast');
  el.textContent = message;
  el.classList.toggle('error', isError);
  el.classList.add('shown');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('shown'), 4000);
}

/** POSTs to the trial API (a JSON body, when given); the reply, or an Error with the server's message. */
async function post(url, body) {
  // A control without a body sends none (an empty JSON body is a 400).
  const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(url, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const reply = await response.json();
  if (!response.ok) throw new Error(reply.message ?? reply.error ?? `HTTP ${response.status}`);
  return reply;
}

/** One robot, or every robot without an id; asks first, since the stop holds until released. */
async function emergencyStop(robotId) {
  const what = robotId === undefined ? `ALL ${robotCount} robots` : `robot ${robotId}`;
  if (!window.confirm(`Emergency stop ${what}?\n\nThe stop holds until it is released.`)) return;
  const body = robotId === undefined ? { reason: 'web UI: stop all' } : { robotId, reason: 'web UI' };
  try {
    const reply = await post('api/estop', body);
    toast(`Emergency stop: ${reply.stopped.join(', ')}`, false);
    document.body.dataset.lastEstop = reply.stopped.join(',');
  } catch (error) {
    toast(`Emergency stop FAILED: ${error.message}`, true);
  }
}

/**
 * Releases one robot, or every stopped robot without an id (sent as `all: true`: the API
 * releases nothing without an explicit target). Asks first: releasing is a safety decision.
 */
async function release(robotId) {
  const what = robotId === undefined ? `ALL ${stoppedIds.length} stopped robots (${stoppedIds.join(', ')})` : `robot ${robotId}`;
  const question = `Release the emergency stop of ${what}?\n\nCheck the arena is safe. Released robots stay still until their controllers command them again.`;
  if (!window.confirm(question)) return;
  const body = robotId === undefined ? { all: true, reason: 'web UI: release all' } : { robotId, reason: 'web UI' };
  try {
    const reply = await post('api/estop/release', body);
    const released = reply.released.length > 0 ? `Released: ${reply.released.join(', ')}` : 'Nothing released';
    // Offline robots stay stopped (docs/safety.md#emergency-stop): name them.
    const offline = reply.offline.length > 0 ? `; offline, still stopped: ${reply.offline.join(', ')}` : '';
    toast(released + offline, reply.offline.length > 0);
    document.body.dataset.lastRelease = reply.released.join(',');
  } catch (error) {
    toast(`Release FAILED: ${error.message}`, true);
  }
}

$('estop-all').addEventListener('click', () => emergencyStop(undefined));
$('release-all').addEventListener('click', () => release(undefined));

function setConnection(state, text) {
  const el = $('connection');
  el.dataset.state = state;
  el.textContent = text;
}

// A browser's WebSocket cannot send headers: the live streams, and only they, take the token in the query.
const socketUrl = new URL(token ? `api/live/ws?token=${encodeURIComponent(token)}` : 'api/live/ws', location.href);
socketUrl.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';

/** What the stream has told so far, as the page's views take it. */
function frameOf(state) {
  const robots = state.robots.map((robot, index) => ({ ...robot, id: state.roster[index].id, kind: state.roster[index].physical ? 'physical' : 'virtual' }));
  return { ...state.frame, robots };
}

function connect() {
  const socket = new WebSocket(socketUrl);
  socket.binaryType = 'arraybuffer';
  const state = new LiveWireState();
  liveState = state;
  socket.addEventListener('open', () => setConnection('live', 'live'));
  socket.addEventListener('message', (event) => {
    let message;
    try {
      message = decodeLiveMessage(new Uint8Array(event.data));
      state.apply(message);
    } catch (error) {
      // A message this page cannot apply: start over from a fresh connection (a full state).
      console.warn(`live stream: ${error.message}; reconnecting`);
      socket.close();
      return;
    }
    if (message.kind === 'frame' && state.robots) showFrame(frameOf(state));
    // A replay on the canvas: the live stream only keeps its state (and the stop buttons) until "Back to live".
    if (replay.active) return;
    if (message.kind === 'meta') {
      // The map frame comes first on every connection: tags start over with it.
      view.setMeta(message.meta);
      lastTagId = -1;
      pollTags();
    } else if (message.kind === 'explored') view.setExplored(state.explored);
    else if (message.kind === 'fleet') showFleet(message.fleet);
    else if (message.kind === 'links' && state.links) view.setLinks(state.links, state.linksTotal);
  });
  socket.addEventListener('close', () => {
    setConnection('lost', 'reconnecting…');
    setTimeout(connect, 2000);
  });
}
connect();

// ---- trial controls ----------------------------------------------------------------------

let trialState = 'running';

function showTrialState(status) {
  trialState = status.state;
  // A tick behind the charts' last sample: another trial replaced this one.
  if (status.tick < charts.lastTick) {
    charts.reset();
    view.clearTags();
    lastTagId = -1;
  }
  $('trial-state').textContent = status.state;
  $('trial-state').dataset.state = status.state;
  document.body.dataset.trialState = status.state;
  $('run-toggle').textContent = status.state === 'running' ? 'Pause' : 'Start';
  $('run-toggle').disabled = status.state === 'stopped';
  $('step').disabled = status.state !== 'paused';
  $('speed-select').disabled = status.state === 'stopped';
  const speed = $('speed-select');
  if (![...speed.options].some((o) => Number(o.value) === status.speed)) speed.add(new Option(`${status.speed}×`, String(status.speed)));
  speed.value = String(status.speed);
}

async function control(action, body) {
  try {
    showTrialState(await post(`api/trial/${action}`, body));
  } catch (error) {
    toast(`${action} FAILED: ${error.message}`, true);
  }
}

async function pollTrial() {
  try {
    const response = await fetch('api/trial');
    if (response.ok) showTrialState(await response.json());
  } catch {
    // The connection badge already shows a lost gateway.
  }
}
pollTrial();
setInterval(pollTrial, 2000);

$('run-toggle').addEventListener('click', () => control(trialState === 'running' ? 'pause' : 'start'));

// ---- record switch -----------------------------------------------------------------------

let recording = false;

function formatBytes(bytes) {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** GET/POST api/trial/recording's status: { recording, name, bytes, startedMs }. */
function showRecording(status) {
  recording = status.recording;
  const button = $('record-toggle');
  button.setAttribute('aria-pressed', String(status.recording));
  button.textContent = status.recording ? 'Stop recording' : 'Record';
  // The size first: a long name is cut short in the header (whole in the title).
  const text = status.recording
    ? `● REC ${formatBytes(status.bytes)} ${status.name ?? '(serve --record)'}`
    : status.name
      ? `saved ${formatBytes(status.bytes)} ${status.name}`
      : '';
  const el = $('record-status');
  el.textContent = text;
  el.title = text;
  el.dataset.state = status.recording ? 'on' : 'off';
  document.body.dataset.recording = status.recording ? (status.name ?? '') : '';
}

async function pollRecording() {
  try {
    const response = await fetch('api/trial/recording');
    // A gateway without a recordings folder offers no switch.
    $('record-toggle').hidden = response.status === 404;
    if (response.ok) showRecording(await response.json());
  } catch {
    // The connection badge already shows a lost gateway.
  }
}
pollRecording();
setInterval(pollRecording, 2000);

$('record-toggle').addEventListener('click', async () => {
  const action = recording ? 'stop' : 'start';
  try {
    const status = await post(`api/trial/recording/${action}`, action === 'start' ? {} : undefined);
    showRecording(status);
    toast(action === 'start' ? `Recording into ${status.name}` : `Recording saved: ${status.name} (${formatBytes(status.bytes)})`, false);
  } catch (error) {
    toast(`Recording ${action} FAILED: ${error.message}`, true);
    pollRecording();
  }
});
$('step').addEventListener('click', () => control('step'));
$('speed-select').addEventListener('change', (event) => control('speed', { speed: Number(event.target.value) }));

// ---- new trial ---------------------------------------------------------------------------

async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

async function loadTrialForm() {
  const [maps, options] = await Promise.all([getJson('api/maps'), getJson('api/trial/options')]);
  $('form-map').replaceChildren(...maps.map((m) => new Option(`${m.name} (${m.source})`, m.map)));
  $('form-algorithm').replaceChildren(...options.algorithms.map((a) => new Option(a.name, a.name)));
  $('form-algorithm').value = 'frontier';
  $('comm-specs').replaceChildren(...options.radioModels.flatMap((m) => m.specs.map((spec) => new Option(m.doc, spec))));
  $('new-trial').disabled = !options.options.includes('map');
}

/** The form's lists, loaded once; a load that failed (the gateway not reached yet) is tried again at the next call. */
let trialFormLoaded = null;
function fillTrialForm() {
  trialFormLoaded ??= loadTrialForm().catch((error) => {
    trialFormLoaded = null;
    throw error;
  });
  return trialFormLoaded;
}
// At start; if the gateway cannot be reached yet, opening the form tries again and says why it could not.
fillTrialForm().catch(() => {});

$('new-trial').addEventListener('click', () => {
  $('form-error').textContent = '';
  $('trial-dialog').showModal();
  fillTrialForm().catch((error) => {
    $('form-error').textContent = `Could not load the maps and algorithms (${error.message}): close this and try again.`;
  });
});

// Cancel is no submit button: Enter in a field submits with the form's first one, which is Create.
$('form-cancel').addEventListener('click', () => $('trial-dialog').close());

$('trial-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = {
    map: form.get('map'),
    algorithm: form.get('algorithm'),
    robots: Number(form.get('robots')),
    comm: form.get('comm'),
    seed: Number(form.get('seed')),
    ...(form.get('record') === 'on' ? { record: true } : {}),
  };
  try {
    showTrialState(await post('api/trial', body));
    $('trial-dialog').close();
    closeDetail();
    toast(`New trial: ${body.robots} robots on ${body.map} (paused: press Start)${body.record ? ', recording' : ''}`, false);
    pollRecording();
  } catch (error) {
    // The server names the option that is wrong.
    $('form-error').textContent = error.message;
  }
});

// ---- robot detail ------------------------------------------------------------------------

const BATTERY_HISTORY = 120;
/** Each robot's battery fractions, one a fleet update (1 Hz): the last two minutes. */
const batteries = new Map();
let selected = null;

/** The last fleet rows by id (the table's data: the detail shows what the table leaves out). */
const fleetRows = new Map();

function recordBatteries(fleet) {
  for (const robot of fleet) {
    fleetRows.set(robot.id, robot);
    if (robot.batteryFraction === null) continue;
    const history = batteries.get(robot.id) ?? [];
    history.push(robot.batteryFraction);
    if (history.length > BATTERY_HISTORY) history.shift();
    batteries.set(robot.id, history);
  }
  if (selected) showDetail(selected);
}

function drawBatteryHistory(history) {
  const canvas = $('detail-battery-history');
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (history.length < 2) return;
  ctx.strokeStyle = '#2563eb';
  ctx.beginPath();
  history.forEach((fraction, i) => {
    const x = (i / (BATTERY_HISTORY - 1)) * canvas.width;
    const y = canvas.height - 1 - fraction * (canvas.height - 2);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.stroke();
}

async function showDetail(id) {
  let detail;
  try {
    const response = await fetch(`api/robots/${encodeURIComponent(id)}`);
    if (!response.ok) return closeDetail();
    detail = await response.json();
  } catch {
    return;
  }
  if (selected !== id) return;
  const { robot, errors, state } = detail;
  $('detail-id').textContent = robot.id;
  $('detail-link').textContent = `${robot.kind} · ${robot.link}${robot.idConflict ? ' · id contested' : ''}`;
  $('detail-model').textContent = robot.model || '–';
  $('detail-firmware').textContent = robot.firmwareVersion || '–';
  $('detail-protocol').textContent = fleetRows.get(id)?.protocolVersion ?? '–';
  $('detail-battery').textContent = robot.batteryFraction === null ? '–' : `${Math.round(robot.batteryFraction * 100)}%`;
  drawBatteryHistory(batteries.get(id) ?? []);
  $('detail-pose').textContent = `x ${robot.pose.xM.toFixed(2)} m, y ${robot.pose.yM.toFixed(2)} m, ${((robot.pose.headingRad * 180) / Math.PI).toFixed(0)}°`;
  $('detail-status').textContent =
    `${robot.status}${robot.emergencyStopped ? ', emergency-stopped' : ''}${robot.online ? '' : ', offline'} (tick ${state.tick})`;
  $('detail-errors').textContent = errors ? String(errors.count) : '0';
  $('detail-last-error').textContent = errors ? `${errors.last.code}: ${errors.last.message} (${new Date(errors.last.atMs).toLocaleTimeString()})` : '–';
  $('robot-detail').hidden = false;
  document.body.dataset.detail = id;
}

/**
 * The selected robot's own SLAM map, fetched once a second while it is selected (a physical robot
 * has none here: 404), one request at a time: whole at first, then the cells changed since the
 * version held (`?since=`: on a 2000 x 2000 map the whole is 16 MB, which took the page ~230 ms
 * a second to take in, and can take longer than a second to arrive).
 */
let slamInFlight = false;
/** The version of the map the view holds, and whose it is. */
let slamHeld = { id: null, version: null };
async function showSlam() {
  const id = selected;
  if (id === null || replay.active || slamInFlight) return;
  slamInFlight = true;
  try {
    const since = slamHeld.id === id && slamHeld.version !== null ? `?since=${encodeURIComponent(slamHeld.version)}` : '';
    const response = await fetch(`api/robots/${encodeURIComponent(id)}/slam${since}`);
    if (!response.ok) return;
    const buffer = await response.arrayBuffer();
    // Another robot (or none) may have been selected while this one's map was on its way.
    if (selected !== id) return;
    const base = response.headers.get('x-slam-base');
    const applied = base === null ? (view.setSlam(buffer), true) : base === slamHeld.version && view.applySlamChanges(buffer);
    // Changes the view could not take (it holds another map now): the next request asks for the whole.
    slamHeld = { id, version: applied ? response.headers.get('x-slam-version') : null };
  } catch (error) {
    console.warn(`SLAM map of ${id}: ${error.message}`);
  } finally {
    slamInFlight = false;
  }
}
setInterval(showSlam, 1000);

function selectRobot(id) {
  selected = id;
  view.select(id);
  showSlam();
  for (const row of document.querySelectorAll('#fleet tbody tr')) row.classList.toggle('selected', row.dataset.robotId === id);
  showDetail(id);
}

function closeDetail() {
  selected = null;
  view.select(null);
  // The view let the map go: a robot selected again gets its whole map first.
  slamHeld = { id: null, version: null };
  $('follow').checked = false;
  $('robot-detail').hidden = true;
  delete document.body.dataset.detail;
  for (const row of document.querySelectorAll('#fleet tbody tr.selected')) row.classList.remove('selected');
}
$('detail-close').addEventListener('click', closeDetail);
