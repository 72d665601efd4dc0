/**
 * `swarmgate fleet`: fleet file tools.
 *   swarmgate fleet check --fleet fleet.yaml
 *   swarmgate fleet mosquitto-config --fleet fleet.yaml -o dir/
 *   swarmgate fleet nats-config --fleet fleet.yaml -o dir/ [--hosts h1,h2,h3]
 */
import { dirname } from 'node:path';
import { SwarmgateError } from '../errors.js';
import { loadFleetFile } from '../hil/FleetFile.js';
import { MOSQUITTO_USER, writeMosquittoConfig } from '../hil/MosquittoConfig.js';
import { NATS_DEFAULT_PORTS, NATS_USER, natsClusterLayout, writeNatsConfig } from '../hil/NatsConfig.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { fleetVirtualIdProblem } from './fleetTrialWarnings.js';
import { CliUsageError, type CommandRun } from './Command.js';

const HELP = `Usage:
  swarmgate fleet check --fleet FILE [--robots N]
      Validate a fleet file and print its robots and controllers. Fails when a physical
      robot has the id of one of the N virtual robots serve would run (r0 .. r{N-1};
      default N = 1, serve's default).
  swarmgate fleet mosquitto-config --fleet FILE -o DIR
      Write DIR/passwd (mosquitto_passwd format, PBKDF2-SHA512; mode 0600, and owned by user
      mosquitto when run as root, since Mosquitto opens it after dropping to that user) and DIR/acl, equivalent to
      the embedded broker's authentication and topic ACL, DIR/swarmgate_clientid.so (a
      plugin binding client ids to users, as the embedded broker does; built with cc, it
      needs Debian's mosquitto-dev and libmosquitto-dev), and DIR/swarmgate.conf, the
      mosquitto.conf lines that use them (allow_anonymous false, password_file, acl_file,
      plugin, set_tcp_nodelay true). In mosquitto.conf:
        include_dir DIR
  swarmgate fleet nats-config --fleet FILE -o DIR [--hosts H1,H2,H3] [--client-port P]
                              [--mqtt-port P] [--cluster-port P] [--store DIR]
      Write a NATS cluster for the fleet (nats-server with JetStream and MQTT, docs/scale-out.md):
      DIR/users.conf (mode 0600: the fleet's users, bcrypt-hashed, MQTT-only, with the same
      topic rules as the embedded broker and mosquitto-config, as NATS subjects) and DIR/nK.conf
      for node K, run as: nats-server -c DIR/nK.conf. Run as root, users.conf and the store are
      given to user nats (Debian's service runs nats-server as nats). One node per --hosts entry (default
      127.0.0.1 three times); node K listens on HOST_K at each base port + K - 1 (defaults:
      clients ${NATS_DEFAULT_PORTS.clientPort}, MQTT ${NATS_DEFAULT_PORTS.mqttPort}, routes ${NATS_DEFAULT_PORTS.clusterPort}). JetStream keeps its data in --store
      (default DIR/jetstream), a subdirectory per node. Needs plain passwords in the fleet file.`;

const ACTIONS = ['check', 'mosquitto-config', 'nats-config'] as const;
type Action = (typeof ACTIONS)[number];

/** The flags each action reads (parseArgs' names), as its usage line in HELP gives them. */
const ACTION_FLAGS: Record<Action, readonly string[]> = {
  check: ['fleet', 'robots'],
  'mosquitto-config': ['fleet', 'out'],
  'nats-config': ['fleet', 'out', 'hosts', 'client-port', 'mqtt-port', 'cluster-port', 'store'],
};

function isAction(name: string | undefined): name is Action {
  return (ACTIONS as readonly (string | undefined)[]).includes(name);
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      fleet: { type: 'string' },
      out: { type: 'string', short: 'o' },
      robots: { type: 'string' },
      hosts: { type: 'string' },
      'client-port': { type: 'string' },
      'mqtt-port': { type: 'string' },
      'cluster-port': { type: 'string' },
      store: { type: 'string' },
    },
    HELP,
  );
  if (!parsed) return 0;
  const [action, ...extra] = parsed.positionals;
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}'\n\n${HELP}`);
  if (!isAction(action)) {
    throw new CliUsageError(`${action === undefined ? 'missing action' : `unknown action '${action}'`}\n\n${HELP}`);
  }
  // One option table serves the three actions; a flag of another action would otherwise be
  // dropped without a word (--mqtt-port to mosquitto-config changes nothing).
  const foreign = Object.keys(parsed.values).find((flag) => !ACTION_FLAGS[action].includes(flag));
  if (foreign !== undefined) {
    const owner = ACTIONS.filter((other) => ACTION_FLAGS[other].includes(foreign));
    throw new CliUsageError(
      `${foreign === 'out' ? '-o' : `--${foreign}`} is a flag of ${owner.map((o) => `\`fleet ${o}\``).join(' and ')}, not of \`fleet ${action}\`\n\n${HELP}`,
    );
  }
  if (!parsed.values.fleet) throw new CliUsageError(`--fleet FILE is required\n\n${HELP}`);
  if (action !== 'check' && !parsed.values.out) throw new CliUsageError(`-o DIR is required\n\n${HELP}`);
  const v = parsed.values;
  const hosts = (v.hosts ?? '127.0.0.1,127.0.0.1,127.0.0.1').split(',').map((host) => host.trim());
  if (hosts.some((host) => host === '' || /[\s/"]/.test(host)))
    throw new CliUsageError(`--hosts must be host names or addresses separated by commas, got '${v.hosts}'`);
  const port = (name: 'client-port' | 'mqtt-port' | 'cluster-port', fallback: number) =>
    numberFlag(name, v[name], fallback, { min: 1, max: 65535, integer: true });
  const basePorts = {
    clientPort: port('client-port', NATS_DEFAULT_PORTS.clientPort),
    mqttPort: port('mqtt-port', NATS_DEFAULT_PORTS.mqttPort),
    clusterPort: port('cluster-port', NATS_DEFAULT_PORTS.clusterPort),
  };
  const virtualRobots = numberFlag('robots', parsed.values.robots, 1, { min: 0, max: 10_000, integer: true });
  try {
    const fleet = await loadFleetFile(parsed.values.fleet);
    if (action === 'check') {
      const collision = fleetVirtualIdProblem(fleet, virtualRobots);
      if (collision) {
        process.stderr.write(`swarmgate fleet: ${collision}\n`);
        return 1;
      }
      process.stdout.write(
        `fleet ${fleet.name}: ${fleet.robots.length} robots, ${fleet.virtualRobotIds.length} virtual robots, ${fleet.controllers.length} controllers\n`,
      );
      for (const robot of fleet.robots) process.stdout.write(`  robot ${robot.id} (${robot.link}) user ${robot.credentials.username}\n`);
      for (const id of fleet.virtualRobotIds) process.stdout.write(`  robot ${id} (virtual)\n`);
      for (const c of fleet.controllers) process.stdout.write(`  controller ${c.id} -> ${c.robotIds.join(', ') || '(none)'}\n`);
      return 0;
    }
    if (action === 'nats-config') {
      const layout = natsClusterLayout(`swarmgate-${fleet.name}`, hosts, basePorts);
      const files = await writeNatsConfig(fleet, v.out!, layout, v.store);
      process.stdout.write(`wrote ${files.usersFile} (mode 0600)\n`);
      layout.nodes.forEach((node, k) => {
        process.stdout.write(
          `wrote ${files.nodeFiles[k]}: node ${node.name} on ${node.host}, MQTT ${node.mqttPort}, routes ${node.clusterPort}; run: nats-server -c ${files.nodeFiles[k]}\n`,
        );
      });
      if (files.owner === null) {
        process.stdout.write(
          `${files.usersFile} is mode 0600: if nats-server runs as user ${NATS_USER} (Debian's service), run: chown -R ${NATS_USER}: ${files.usersFile} ${files.storeDir}\n`,
        );
      }
      const urls = layout.nodes.map((node) => `mqtt://${node.host}:${node.mqttPort}`).join(',');
      process.stdout.write(`clients: --mqtt ${urls}\n`);
      return 0;
    }
    const files = await writeMosquittoConfig(fleet, parsed.values.out!);
    process.stdout.write(
      `wrote ${files.passwordFile}\nwrote ${files.aclFile}\nwrote ${files.configFile} (in mosquitto.conf: include_dir ${dirname(files.configFile)})\n`,
    );
    if (files.clientIdPlugin) process.stdout.write(`wrote ${files.clientIdPlugin} (client ids bound to users)\n`);
    else {
      process.stderr.write(
        `swarmgate fleet: warning: the client-id plugin could not be built (${files.pluginProblem}); without it any fleet user ` +
          `can disconnect another's robot by its client id. Install gcc, mosquitto-dev and libmosquitto-dev, and run this again.\n`,
      );
    }
    if (files.passwordOwner === null) {
      // Mosquitto started as root opens the password file after dropping to its own user.
      process.stdout.write(
        `${files.passwordFile} is mode 0600: if mosquitto runs as root and drops to user ${MOSQUITTO_USER}, run: chown ${MOSQUITTO_USER}: ${files.passwordFile}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof SwarmgateError) {
      process.stderr.write(`swarmgate fleet: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

export const fleetCommand: CommandRun = run;
