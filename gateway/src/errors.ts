/**
 * Coded errors of the gateway. Every code is declared once below with the sentence a user
 * reads to fix the problem; `errors.test.ts` checks that each code used in src/ is declared
 * and documented. Helpers append their codes here (keep them grouped by area).
 */
import { SwarmgateError as BaseSwarmgateError } from '@swarmgate/protocols/common';

export const ERROR_CODES = {
  // Fleet file (hil/FleetFile.ts)
  SG_FLEET_PARSE: 'The fleet file is not valid YAML; the message gives the line and column.',
  SG_FLEET_INVALID: 'The fleet file is valid YAML but a field is missing, mistyped or duplicated; the message names the field path and line.',
  SG_FLEET_READ: 'The fleet file could not be read from disk (missing file or no permission).',
  SG_PASSWORD_HASH: 'A password hash in the fleet file is not in a supported format (scrypt$N$r$p$salt$hash or mosquitto $7$).',
  SG_NATS_NEEDS_PASSWORD:
    'Writing a NATS users file needs a plain password in the fleet file (nats-server verifies bcrypt, which a scrypt or $7$ hash cannot be converted to).',
  SG_NATS_TOPIC: "A fleet or robot id holds a '.', which nats-server's MQTT support refuses in topics; rename it to run the fleet on NATS.",
  SG_NATS_LAYOUT:
    'The NATS cluster layout of `fleet nats-config` is impossible: no node host, a port out of 1..65535, or two listeners on the same host and port.',
  SG_MOSQUITTO_NEEDS_PASSWORD: 'Writing a Mosquitto password file needs a plain password or a mosquitto $7$ hash; a scrypt hash cannot be converted.',
  // Broker and bridges (hil/)
  SG_BROKER_LISTEN: 'The embedded MQTT broker could not listen on the requested port (in use or no permission).',
  SG_SERIAL_OPEN: 'A serial port could not be opened; the bridge retries with backoff.',
  SG_ROBOT_ID:
    'A robot id was refused at admission: not a valid id, not in the fleet file, held by a virtual robot of the trial, or online on another link; the message says which. Virtual robot names (r0, r1, ...) may not be given to physical robots.',
  SG_HIL_REGISTER:
    'A transport plugin was registered twice under one name, or after the HIL core started (register every link first), or the link registry lacks the mqtt kind.',
  // Radio, tags and nearby robots (sim/radio/)
  SG_COMM_SPEC:
    'The --comm spec is not one of global, range:R, los, los:R, multiwall, multiwall:<F>GHz, permetre, maes, material (each with :<1.3|2.4|5.2>GHz), pathloss, pathloss:R; the message names the bad part.',
  SG_RADIO_CONFIG:
    'A radio, tag or nearby-robot option is out of range (negative latency or bandwidth, loss outside [0, 1], loss without a random source); the message names it.',
  SG_RADIO_ROBOT: 'A radio call named a robot index outside 0 .. robotCount-1 or a tick earlier than one already used.',
  // Simulator engine (sim/)
  SG_CONTROLLER_THREW:
    "A robot's controller threw in start() or tick() of a headless trial (run, an experiment's run); the message names the robot and the tick and gives the exception with its first stack frames. A live trial (serve) stops the robot instead and goes on.",
  SG_ROBOT_PROFILE: 'A robot profile name is not registered (maes, mona), or a profile was scaled by a non-positive factor; the message names it.',
  SG_WORLD_LOCKED:
    'A structural change (addRobot, removeRobot, step) was made while the world is stepping; use queueAddRobot from controllers and observers, and remove robots between steps.',
  SG_DUPLICATE_ROBOT: 'addRobot() was given an id that is already in the world; robot ids are unique per trial.',
  SG_WORLD_UNKNOWN_ROBOT: 'A world call named a robot id that is not in the world (never added, or removed).',
  SG_BAD_POSE: 'A pose given to the world has a non-finite coordinate or heading.',
  SG_NOT_KINEMATIC:
    'setKinematicPose() or kinematicSetpoint() was called for a dynamic robot; only kinematic twins (HIL robots) take external poses and have setpoints.',
  SG_SIM_CONFIG:
    'A simulator option is out of range (non-positive step, ray count, range or interval), or two registered sensors fill one State field; the message names it.',
  SG_SIM_WORKER:
    'A lidar worker thread (--workers above 1) failed or did not answer within a minute; the message gives its error. Run with --workers 1 to keep the work on one thread.',
  SG_ROBOT_OUTSIDE_TICK:
    "A controller run on a worker thread used its robot outside its own start() or tick() (a stored Robot called later); a robot's commands and state belong to its tick.",
  SG_SLAM_BUDGET:
    "The robots' SLAM maps would not fit in the memory budget (half of this machine's memory): each robot keeps a map of 4 cells per map cell, so a large map takes few robots; the message gives the numbers. Ask for fewer robots or a coarser --cell.",
  SG_SPAWN: 'Robots could not be placed: not enough free cells for the spawn strategy, or a given position is inside a wall or off the map.',
  // Live trials and `swarmgate serve` (trial/)
  SG_TRIAL_CONFIG: 'A live trial option is out of range (arena transform scale or rotation, pose source, tick period); the message names it.',
  SG_BIND: 'The bind address is not an IP address, or it is beyond loopback without a fleet file (give --fleet, or --insecure to accept an open gateway).',
  SG_TLS_FILES:
    'The certificate and key given to the embedded broker do not make a TLS server (not PEM, or a key that does not belong to the certificate); the message gives the TLS error.',
  SG_TRIAL_MQTT:
    'The live trial could not connect to the MQTT broker or subscribe to the command topics (wrong URL, credentials, or an ACL without the fleet tree for the gateway user).',
  SG_TRIAL_STATE:
    "A trial control was refused in the trial's state: start, pause, step or speed after it was stopped, step while it runs, or a speed out of range or other than 1 with physical robots; the message says which.",
  SG_TRIAL_REQUEST:
    'A trial configuration sent to POST /api/trial was refused: an unknown option, a bad value (checked as the same `swarmgate run` flag would be), or a server-side file it may not name; the message names the option.',
  SG_MAP_THREAD:
    'The thread that loads, decodes and renders maps for HTTP requests ended before it answered (out of memory on a map at the cell budget, or the gateway shutting down); the request may be sent again, a lower serve --max-cells keeps it from recurring.',
  SG_HTTP_LISTEN: 'The HTTP API and web UI could not listen on the requested port (in use or no permission).',
  // Recordings (record/)
  SG_RECORDING_FORMAT:
    'The file given as a recording is not an MCAP file, or is truncated or corrupt (no summary or footer: a recording whose writer was killed), or lacks what a replay reads (a /map grid, the /robots scene, pose channels); the message names the file and the problem.',
  SG_RECORDING_NO_TRIAL:
    'The MCAP file holds no swarmgate trial configuration and final state hash (a live trial with physical robots, or another tool wrote it), so there is nothing to re-run.',
  // Experiment reports (experiment/)
  SG_QUEUE_JOB:
    'A job on the experiment queue is not a run this worker can take: malformed data, another swarmgate version, or another design than --design; the message names what differs.',
  SG_QUEUE_CONNECT:
    'The Redis server of --queue did not answer (not running, wrong host or port, or a firewall) or refused the login (redis://:PASSWORD@HOST:PORT); start redis-server there or give the right URL. The message gives the connection error, the password masked.',
  SG_RESULTS_READ: 'The experiment folder or its results.jsonl could not be read (missing, not a folder, or no permission); the message names the path.',
  SG_RESULTS_EMPTY: 'The experiment results.jsonl holds no complete run line, so there is nothing to report; the message names the file.',
  SG_RESULTS_LINE:
    'A line of an experiment results.jsonl is not JSON or not a swarmgate-results/1 run line (a field missing or mistyped); the message names the file, the line and the field.',
  // Web UI and HTTP API (web/)
  SG_WEB_CONFIG:
    'A web UI option is out of range (frameHz outside (0, 30], heartbeatMs below 1 ms) or its static/ folder holds a file it cannot serve; the message names it.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** This package's coded errors: the one base of @swarmgate/protocols, narrowed to its codes. */
export class SwarmgateError extends BaseSwarmgateError<ErrorCode> {}

/** The error's own code when it is a SwarmgateError, else undefined (for logs and tests). */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof SwarmgateError ? error.code : undefined;
}
