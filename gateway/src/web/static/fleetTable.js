// The fleet table: one row per robot (FleetRow from the server), updated in place so a row's
// Stop button is never replaced under the pointer between a press and a click.

const LOW_BATTERY = 0.2;

/** "just now", "4.2 s ago", "3 min ago", "2 h ago". */
export function formatAgo(ms) {
  if (ms < 1000) return 'just now';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s ago`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`;
  return `${Math.floor(ms / 3_600_000)} h ago`;
}

const COLUMNS = ['id', 'link', 'model', 'firmware', 'protocol', 'battery', 'state', 'seen', 'action'];

export class FleetTable {
  /** @param {HTMLTableSectionElement} body @param {(robotId: string) => void} onStop */
  constructor(body, onStop) {
    this.body = body;
    this.onStop = onStop;
    /** @type {Map<string, HTMLTableRowElement>} */
    this.rows = new Map();
  }

  update(fleet) {
    const seen = new Set();
    for (const robot of fleet) {
      seen.add(robot.id);
      let row = this.rows.get(robot.id);
      if (!row) {
        row = this.createRow(robot.id);
        this.rows.set(robot.id, row);
      }
      // Keep the server's order (slot order: virtual robots first, twins as they joined).
      this.body.appendChild(row);
      this.fill(row, robot);
    }
    for (const [id, row] of this.rows) {
      if (seen.has(id)) continue;
      row.remove();
      this.rows.delete(id);
    }
  }

  createRow(id) {
    const row = document.createElement('tr');
    row.dataset.robotId = id;
    for (const column of COLUMNS) {
      const cell = document.createElement('td');
      cell.className = column;
      row.appendChild(cell);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'stop-one';
    button.textContent = 'Stop';
    button.title = `Emergency stop ${id}`;
    button.addEventListener('click', () => this.onStop(id));
    const stopped = document.createElement('span');
    stopped.className = 'badge estop';
    stopped.textContent = 'E-STOP';
    stopped.title = 'Emergency-stopped until the trial ends';
    stopped.hidden = true;
    row.querySelector('td.action').append(button, stopped);
    return row;
  }

  fill(row, robot) {
    const cell = (name) => row.querySelector(`td.${name}`);
    row.dataset.kind = robot.kind;
    row.dataset.online = String(robot.online);
    row.dataset.estop = String(robot.estop);
    cell('id').textContent = robot.id;
    setText(cell('link'), robot.link);
    setText(cell('model'), robot.model);
    setText(cell('firmware'), robot.firmwareVersion);
    setText(cell('protocol'), robot.protocolVersion);
    fillBattery(cell('battery'), robot.batteryFraction);
    fillState(cell('state'), robot);
    // A simulated robot has no traffic to be late with.
    setText(cell('seen'), robot.lastSeenAgoMs === null ? null : formatAgo(robot.lastSeenAgoMs));
    // Where the Stop button was, a latched stop shows as a badge: it cannot be released from here.
    row.querySelector('button.stop-one').hidden = robot.estop;
    row.querySelector('.badge.estop').hidden = !robot.estop;
  }
}

/** Text, or a muted dash when the robot did not say. */
function setText(cell, value) {
  cell.textContent = value ?? '–';
  cell.classList.toggle('muted', value == null);
}

function fillBattery(cell, fraction) {
  if (fraction === null) {
    setText(cell, null);
    return;
  }
  cell.classList.remove('muted');
  const percent = Math.round(fraction * 100);
  cell.innerHTML = '<span class="gauge"><span class="bar"><span class="fill"></span></span><span class="value"></span></span>';
  cell.querySelector('.gauge').classList.toggle('low', fraction < LOW_BATTERY);
  cell.querySelector('.fill').style.width = `${percent}%`;
  cell.querySelector('.value').textContent = `${percent}%`;
}

function fillState(cell, robot) {
  cell.innerHTML = '';
  const badge = document.createElement('span');
  badge.className = `badge ${robot.online ? 'online' : 'offline'}`;
  badge.textContent = robot.online ? 'online' : 'offline';
  cell.appendChild(badge);
}
