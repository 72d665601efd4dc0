// The fleet table: one row per robot (FleetRow from the server), updated in place so a row's
// Stop / Release button is never replaced under the pointer between a press and a click.

const LOW_BATTERY = 0.2;

/** "just now", "4.2 s ago", "3 min ago", "2 h ago". */
export function formatAgo(ms) {
  if (ms < 1000) return 'just now';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s ago`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`;
  return `${Math.floor(ms / 3_600_000)} h ago`;
}

// Model and protocol are in the robot detail (a click on the row): the table fits a 1280 px window.
const COLUMNS = ['id', 'link', 'firmware', 'battery', 'state', 'seen', 'action'];

export class FleetTable {
  /**
   * @param {HTMLTableSectionElement} body
   * @param {{ onStop: (robotId: string) => void, onRelease: (robotId: string) => void, onSelect: (robotId: string) => void }} actions
   */
  constructor(body, actions) {
    this.body = body;
    this.actions = actions;
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
    const stop = actionButton('stop-one', 'Stop', `Emergency stop ${id}`, () => this.actions.onStop(id));
    const release = actionButton('release-one', 'Release', `Release the emergency stop of ${id}`, () => this.actions.onRelease(id));
    release.hidden = true;
    row.querySelector('td.action').append(stop, release);
    // A click anywhere but the buttons opens the robot's detail; so do Enter and Space on the
    // row, which Tab reaches before its Stop button (the keyboard's way to select a robot).
    row.addEventListener('click', (event) => {
      if (!(event.target instanceof HTMLButtonElement)) this.actions.onSelect(id);
    });
    row.tabIndex = 0;
    row.addEventListener('keydown', (event) => {
      if (event.target !== row || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      this.actions.onSelect(id);
    });
    return row;
  }

  fill(row, robot) {
    const cell = (name) => row.querySelector(`td.${name}`);
    row.dataset.kind = robot.kind;
    row.dataset.online = String(robot.online);
    row.dataset.estop = String(robot.estop);
    cell('id').textContent = robot.id;
    setText(cell('link'), robot.link);
    setText(cell('firmware'), robot.firmwareVersion);
    row.title = `${robot.model ?? 'unknown model'}, protocol ${robot.protocolVersion ?? '–'}: click for details`;
    fillBattery(cell('battery'), robot.batteryFraction);
    fillState(cell('state'), robot);
    // A simulated robot has no traffic to be late with.
    setText(cell('seen'), robot.lastSeenAgoMs === null ? null : formatAgo(robot.lastSeenAgoMs));
    // A latched stop shows as a badge in the state column, and Release takes Stop's place.
    row.querySelector('button.stop-one').hidden = robot.estop;
    row.querySelector('button.release-one').hidden = !robot.estop;
  }
}

function actionButton(className, text, title, onClick) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.textContent = text;
  button.title = title;
  button.addEventListener('click', onClick);
  return button;
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
  cell.appendChild(badge(robot.online ? 'online' : 'offline', robot.online ? 'online' : 'offline'));
  if (robot.estop) cell.appendChild(badge('estop', 'E-STOP', 'Emergency-stopped until released'));
}

function badge(className, text, title) {
  const span = document.createElement('span');
  span.className = `badge ${className}`;
  span.textContent = text;
  if (title) span.title = title;
  return span;
}
