// The live trial page: one EventSource on /api/live feeds the header, the map and the fleet
// table; emergency stops go to POST /api/estop and releases to POST /api/estop/release (the
// trial HTTP API). Relative URLs, so the page also works behind a reverse proxy under a prefix.
import { FleetTable } from './fleetTable.js';
import { MapView } from './mapView.js';

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

const view = new MapView($('map'), 'api/map.png');
const table = new FleetTable(document.querySelector('#fleet tbody'), {
  onStop: (id) => emergencyStop(id),
  onRelease: (id) => release(id),
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

function showFrame(frame) {
  frames++;
  robotCount = frame.robots.length;
  $('tick').textContent = frame.tick.toLocaleString('en');
  $('sim-time').textContent = formatSimTime(frame.simSeconds);
  $('explored').textContent = `${(frame.exploredFraction * 100).toFixed(1)} %`;
  $('speed').textContent = frame.speed === null ? '–' : `${frame.speed.toFixed(2)}×${frame.paced ? ' (paced)' : ''}`;
  const physical = frame.robots.filter((r) => r.kind === 'physical').length;
  $('robot-count').textContent = physical > 0 ? `${robotCount - physical} + ${physical}` : String(robotCount);
  stoppedIds = frame.robots.filter((r) => r.estop).map((r) => r.id);
  $('estop-all').disabled = robotCount > 0 && stoppedIds.length === robotCount;
  $('release-all').disabled = stoppedIds.length === 0;
  document.body.dataset.frames = String(frames);
  document.body.dataset.tick = String(frame.tick);
  view.setFrame(frame);
}

function showFleet(fleet) {
  table.update(fleet);
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

/** POSTs a JSON body to the trial API; the reply, or an Error with the server's message. */
async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: token ? { 'content-type': 'application/json', authorization: `Bearer ${token}` } : { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
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

// EventSource cannot send headers: the stream, and only the stream, takes the token in its query.
const source = new EventSource(token ? `api/live?token=${encodeURIComponent(token)}` : 'api/live');
source.addEventListener('open', () => setConnection('live', 'live'));
// EventSource reconnects by itself (the server asks for a 2 s retry).
source.addEventListener('error', () => setConnection('lost', 'reconnecting…'));
source.addEventListener('meta', (event) => view.setMeta(JSON.parse(event.data)));
source.addEventListener('frame', (event) => showFrame(JSON.parse(event.data)));
source.addEventListener('explored', (event) => view.setExplored(JSON.parse(event.data).bitsBase64));
source.addEventListener('fleet', (event) => showFleet(JSON.parse(event.data)));
