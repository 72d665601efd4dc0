// The live trial page: one EventSource on /api/live feeds the header, the map and the fleet
// table; emergency stops go to POST /api/estop (the trial HTTP API). Relative URLs, so the
// page also works behind a reverse proxy under a prefix.
import { FleetTable } from './fleetTable.js';
import { MapView } from './mapView.js';

const $ = (id) => document.getElementById(id);

const view = new MapView($('map'), 'api/map.png');
const table = new FleetTable(document.querySelector('#fleet tbody'), (id) => emergencyStop(id));
let frames = 0;
let robotCount = 0;

/** Simulated time as m:ss.s (h:mm:ss beyond an hour). */
function formatSimTime(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = s.toFixed(1).padStart(4, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss.slice(0, 2)}` : `${m}:${ss}`;
}

function showFrame(frame) {
  frames++;
  robotCount = frame.robots.length;
  $('tick').textContent = frame.tick.toLocaleString('en');
  $('sim-time').textContent = formatSimTime(frame.simSeconds);
  $('explored').textContent = `${(frame.exploredFraction * 100).toFixed(1)} %`;
  $('speed').textContent = frame.speed === null ? '–' : `${frame.speed.toFixed(2)}×${frame.paced ? ' (paced)' : ''}`;
  const physical = frame.robots.filter((r) => r.kind === 'physical').length;
  $('robot-count').textContent = physical > 0 ? `${robotCount - physical} + ${physical}` : String(robotCount);
  $('estop-all').disabled = robotCount > 0 && frame.robots.every((r) => r.estop);
  document.body.dataset.frames = String(frames);
  document.body.dataset.tick = String(frame.tick);
  view.setFrame(frame);
}

function showFleet(fleet) {
  table.update(fleet);
  const physical = fleet.filter((r) => r.kind === 'physical');
  const online = physical.filter((r) => r.online).length;
  $('fleet-summary').textContent =
    `${fleet.length} robots` + (physical.length > 0 ? ` · ${physical.length} physical, ${online} online` : '');
}

let toastTimer = 0;
function toast(message, isError) {
  const el = $('toast');
  el.textContent = message;
  el.classList.toggle('error', isError);
  el.classList.add('shown');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('shown'), 4000);
}

/** One robot, or every robot without an id; asks first, since the stop holds until the trial ends. */
async function emergencyStop(robotId) {
  const what = robotId === undefined ? `ALL ${robotCount} robots` : `robot ${robotId}`;
  if (!window.confirm(`Emergency stop ${what}?\n\nThe stop holds until the trial ends.`)) return;
  const body = robotId === undefined ? { reason: 'web UI: stop all' } : { robotId, reason: 'web UI' };
  try {
    const response = await fetch('api/estop', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reply = await response.json();
    if (!response.ok) throw new Error(reply.message ?? reply.error ?? `HTTP ${response.status}`);
    toast(`Emergency stop: ${reply.stopped.join(', ')}`, false);
    document.body.dataset.lastEstop = reply.stopped.join(',');
  } catch (error) {
    toast(`Emergency stop FAILED: ${error.message}`, true);
  }
}

$('estop-all').addEventListener('click', () => emergencyStop(undefined));

function setConnection(state, text) {
  const el = $('connection');
  el.dataset.state = state;
  el.textContent = text;
}

const source = new EventSource('api/live');
source.addEventListener('open', () => setConnection('live', 'live'));
// EventSource reconnects by itself (the server asks for a 2 s retry).
source.addEventListener('error', () => setConnection('lost', 'reconnecting…'));
source.addEventListener('meta', (event) => view.setMeta(JSON.parse(event.data)));
source.addEventListener('frame', (event) => showFrame(JSON.parse(event.data)));
source.addEventListener('explored', (event) => view.setExplored(JSON.parse(event.data).bitsBase64));
source.addEventListener('fleet', (event) => showFleet(JSON.parse(event.data)));
