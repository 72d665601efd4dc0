/**
 * The fleet file: who may connect to the gateway's broker and what each may touch.
 *
 * ```yaml
 * fleet: lab-a                    # the <fleet> level of every topic
 * gateway: { username: gateway, password: change-me }
 * robots:
 *   - id: mona-01                 # username defaults to the id
 *     passwordHash: "$7$101$..."  # or password: plain, or scrypt$N$r$p$salt$key
 *     link: mqtt                  # mqtt | serial
 *     capabilities: { maxWheelSpeedMps: 0.1 }
 * virtualRobots: [r0, r1]        # simulated robots (serve's r0, r1, ...) controllers may drive
 * controllers:
 *   - id: team-blue
 *     password: blue-secret
 *     robots: [mona-01, r0]       # physical or virtual: it commands these and no others
 * http: { token: a-long-random-string }  # optional: the HTTP bearer token (else generated at start)
 * ```
 *
 * Virtual robots have no credentials (nobody logs in as a simulated robot); listing one only
 * lets controllers be assigned to it, with the same ACL as for a physical robot.
 *
 * Validated strictly once at load (docs/STYLE.md#protocol-and-io-edges): unknown keys,
 * wrong types, duplicates and dangling robot references are errors naming the field path and
 * the line. Only SwarmgateError leaves this module, whatever the input text.
 */
import { readFile } from 'node:fs/promises';
import { ID_PATTERN } from '@swarmgate/protocols';
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { SwarmgateError } from '../errors.js';
import { LINK_KINDS, type PhysicalLink } from './linkKinds.js';
import { parsePasswordHash, type PasswordHash } from './PasswordHash.js';

export type Secret = { readonly kind: 'plain'; readonly password: string } | { readonly kind: 'hash'; readonly hash: PasswordHash; readonly text: string };

export interface Credentials {
  readonly username: string;
  readonly secret: Secret;
}

/** Limits the gateway enforces whatever the robot's Birth claims (the smaller one wins). */
export interface FleetRobotLimits {
  readonly maxWheelSpeedMps?: number;
}

export interface FleetRobot {
  readonly id: string;
  readonly credentials: Credentials;
  readonly link: PhysicalLink;
  readonly limits: FleetRobotLimits;
}

export interface FleetController {
  readonly id: string;
  readonly credentials: Credentials;
  readonly robotIds: readonly string[];
}

export interface Fleet {
  readonly name: string;
  readonly gateway: Credentials;
  readonly robots: readonly FleetRobot[];
  /** Ids of simulated robots that controllers may be assigned to (no credentials). */
  readonly virtualRobotIds: readonly string[];
  readonly controllers: readonly FleetController[];
  /** The HTTP API's bearer token; absent: `serve` generates one at start. */
  readonly httpToken?: string;
}

/**
 * Ids and the fleet name follow the protocol's one id grammar (the same on MQTT, serial and
 * here): they become topic levels. Usernames share the rule: they appear in Mosquitto's
 * password and ACL files, and a client id is bound to one (`<username>` or `<username>:...`).
 */
const NAME = ID_PATTERN;
const LINKS: readonly PhysicalLink[] = LINK_KINDS.map((kind) => kind.name);
/** A shorter HTTP token could be guessed over the network. */
const MIN_HTTP_TOKEN_LENGTH = 16;

/** Walks the YAML tree with the field path and line at hand, for error messages. */
class FleetReader {
  constructor(
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly source: string,
  ) {}

  fail(path: string, node: Node | undefined | null, problem: string): never {
    const offset = node?.range?.[0];
    const where = offset === undefined ? this.source : `${this.source}:${this.lines.linePos(offset).line}`;
    throw new SwarmgateError('SG_FLEET_INVALID', `${where}: ${path}: ${problem}`);
  }

  private deref(node: unknown): Node | undefined {
    if (isAlias(node)) return (node.resolve(this.doc) as Node | undefined) ?? undefined;
    return (node as Node | null) ?? undefined;
  }

  /** A mapping with only the allowed keys; returns a lookup by key. */
  map(node: unknown, path: string, allowed: readonly string[]): (key: string) => Node | undefined {
    const value = this.deref(node);
    if (!isMap(value)) this.fail(path, value, 'must be a mapping');
    const found = new Map<string, Node | undefined>();
    for (const pair of value.items) {
      const key = this.deref(pair.key);
      if (!isScalar(key) || typeof key.value !== 'string') this.fail(path, key ?? value, 'keys must be strings');
      const name = key.value;
      if (!allowed.includes(name)) {
        this.fail(`${path}.${name}`, key, `unknown field (allowed: ${allowed.join(', ')})`);
      }
      found.set(name, this.deref(pair.value));
    }
    return (key) => found.get(key);
  }

  list(node: Node | undefined, path: string): Node[] {
    if (node === undefined) return [];
    if (!isSeq(node)) this.fail(path, node, 'must be a list');
    return node.items.map((item) => this.deref(item) as Node);
  }

  string(node: Node | undefined, path: string, pattern?: RegExp): string {
    if (node === undefined) this.fail(path, node, 'is required');
    if (!isScalar(node) || typeof node.value !== 'string' || node.value === '') {
      this.fail(path, node, 'must be a non-empty string');
    }
    if (pattern && !pattern.test(node.value)) {
      this.fail(path, node, `'${node.value}' must match ${pattern.source} (letters, digits, _ . -; no / + # $)`);
    }
    return node.value;
  }

  positiveNumber(node: Node, path: string): number {
    if (!isScalar(node) || typeof node.value !== 'number' || !Number.isFinite(node.value) || node.value <= 0) {
      this.fail(path, node, 'must be a positive number');
    }
    return node.value;
  }

  credentials(get: (key: string) => Node | undefined, path: string, defaultUsername?: string): Credentials {
    const usernameNode = get('username');
    const username = usernameNode === undefined && defaultUsername !== undefined ? defaultUsername : this.string(usernameNode, `${path}.username`, NAME);
    const plain = get('password');
    const hashed = get('passwordHash');
    if ((plain === undefined) === (hashed === undefined)) {
      this.fail(path, plain ?? hashed, 'needs exactly one of password or passwordHash');
    }
    if (plain !== undefined) {
      return { username, secret: { kind: 'plain', password: this.string(plain, `${path}.password`) } };
    }
    const text = this.string(hashed, `${path}.passwordHash`);
    try {
      return { username, secret: { kind: 'hash', hash: parsePasswordHash(text), text } };
    } catch (error) {
      return this.fail(`${path}.passwordHash`, hashed, (error as Error).message);
    }
  }
}

function readRobot(reader: FleetReader, node: Node, path: string): FleetRobot {
  const get = reader.map(node, path, ['id', 'username', 'password', 'passwordHash', 'link', 'capabilities']);
  const id = reader.string(get('id'), `${path}.id`, NAME);
  const linkNode = get('link');
  const link = linkNode === undefined ? 'mqtt' : reader.string(linkNode, `${path}.link`);
  if (!LINKS.includes(link as PhysicalLink)) reader.fail(`${path}.link`, linkNode, `must be one of ${LINKS.join(', ')}`);
  let limits: FleetRobotLimits = {};
  const caps = get('capabilities');
  if (caps !== undefined) {
    const capsGet = reader.map(caps, `${path}.capabilities`, ['maxWheelSpeedMps']);
    const speed = capsGet('maxWheelSpeedMps');
    if (speed !== undefined) {
      limits = { maxWheelSpeedMps: reader.positiveNumber(speed, `${path}.capabilities.maxWheelSpeedMps`) };
    }
  }
  return { id, credentials: reader.credentials(get, path, id), link: link as PhysicalLink, limits };
}

function readController(reader: FleetReader, node: Node, path: string): FleetController {
  const get = reader.map(node, path, ['id', 'username', 'password', 'passwordHash', 'robots']);
  const id = reader.string(get('id'), `${path}.id`, NAME);
  const robotsNode = get('robots');
  if (robotsNode === undefined) reader.fail(`${path}.robots`, node, 'is required (the robot ids it may command)');
  const robotIds = reader.list(robotsNode, `${path}.robots`).map((item, i) => reader.string(item, `${path}.robots[${i}]`, NAME));
  return { id, credentials: reader.credentials(get, path, id), robotIds };
}

function checkReferences(reader: FleetReader, fleet: Fleet, nodes: { robots: Node[]; virtualRobots: Node[]; controllers: Node[] }): void {
  const ids = new Set<string>();
  fleet.robots.forEach((robot, i) => {
    if (ids.has(robot.id)) reader.fail(`robots[${i}].id`, nodes.robots[i], `duplicate robot id '${robot.id}'`);
    ids.add(robot.id);
  });
  // One id space: a physical robot's Birth under a virtual robot's id would take over its topics.
  fleet.virtualRobotIds.forEach((id, i) => {
    if (ids.has(id)) reader.fail(`virtualRobots[${i}]`, nodes.virtualRobots[i], `duplicate robot id '${id}'`);
    ids.add(id);
  });
  const usernames = new Set<string>([fleet.gateway.username]);
  const claim = (credentials: Credentials, path: string, node: Node | undefined) => {
    if (usernames.has(credentials.username)) reader.fail(path, node, `username '${credentials.username}' is already used`);
    usernames.add(credentials.username);
  };
  fleet.robots.forEach((robot, i) => claim(robot.credentials, `robots[${i}].username`, nodes.robots[i]));
  fleet.controllers.forEach((c, i) => claim(c.credentials, `controllers[${i}].username`, nodes.controllers[i]));
  fleet.controllers.forEach((controller, i) => {
    controller.robotIds.forEach((robotId, j) => {
      if (!ids.has(robotId)) {
        reader.fail(`controllers[${i}].robots[${j}]`, nodes.controllers[i], `no robot with id '${robotId}' in robots or virtualRobots`);
      }
    });
  });
}

/** Parses and validates fleet YAML text. `source` names the file in error messages. */
export function parseFleetFile(text: string, source = 'fleet file'): Fleet {
  const lines = new LineCounter();
  // uniqueKeys: a duplicated key is an error, not a silent override of a password.
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new SwarmgateError('SG_FLEET_PARSE', `${source}: ${doc.errors[0].message}`);
  }
  const reader = new FleetReader(doc, lines, source);
  const get = reader.map(doc.contents, '(top level)', ['fleet', 'gateway', 'robots', 'virtualRobots', 'controllers', 'http']);
  const name = reader.string(get('fleet'), 'fleet', NAME);
  const gatewayNode = get('gateway');
  if (gatewayNode === undefined) reader.fail('gateway', doc.contents, "is required (the gateway's own broker credentials)");
  const gateway = reader.credentials(reader.map(gatewayNode, 'gateway', ['username', 'password', 'passwordHash']), 'gateway');
  const robotNodes = reader.list(get('robots'), 'robots');
  const virtualNodes = reader.list(get('virtualRobots'), 'virtualRobots');
  const controllerNodes = reader.list(get('controllers'), 'controllers');
  const fleet: Fleet = {
    name,
    gateway,
    robots: robotNodes.map((node, i) => readRobot(reader, node, `robots[${i}]`)),
    virtualRobotIds: virtualNodes.map((node, i) => reader.string(node, `virtualRobots[${i}]`, NAME)),
    controllers: controllerNodes.map((node, i) => readController(reader, node, `controllers[${i}]`)),
  };
  checkReferences(reader, fleet, { robots: robotNodes, virtualRobots: virtualNodes, controllers: controllerNodes });
  const httpNode = get('http');
  if (httpNode === undefined) return fleet;
  const httpToken = reader.string(reader.map(httpNode, 'http', ['token'])('token'), 'http.token');
  if (httpToken.length < MIN_HTTP_TOKEN_LENGTH || /\s/.test(httpToken)) {
    reader.fail('http.token', httpNode, `must be at least ${MIN_HTTP_TOKEN_LENGTH} characters without spaces`);
  }
  return { ...fleet, httpToken };
}

export async function loadFleetFile(path: string): Promise<Fleet> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new SwarmgateError('SG_FLEET_READ', `cannot read ${path}: ${(cause as Error).message}`, { cause });
  }
  return parseFleetFile(text, path);
}
