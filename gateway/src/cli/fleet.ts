/**
 * `swarmgate fleet`: fleet file tools.
 *   swarmgate fleet check --fleet fleet.yaml
 *   swarmgate fleet mosquitto-config --fleet fleet.yaml -o dir/
 */
import { dirname } from 'node:path';
import { SwarmgateError } from '../errors.js';
import { loadFleetFile } from '../hil/FleetFile.js';
import { MOSQUITTO_USER, writeMosquittoConfig } from '../hil/MosquittoConfig.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { fleetVirtualIdProblem } from './fleetTrialWarnings.js';
import { CliUsageError, type Command } from './Command.js';

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
        include_dir DIR`;

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(argv, { fleet: { type: 'string' }, out: { type: 'string', short: 'o' }, robots: { type: 'string' } }, HELP);
  if (!parsed) return 0;
  const [action, ...extra] = parsed.positionals;
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}'\n\n${HELP}`);
  if (action !== 'check' && action !== 'mosquitto-config') {
    throw new CliUsageError(`${action === undefined ? 'missing action' : `unknown action '${action}'`}\n\n${HELP}`);
  }
  if (!parsed.values.fleet) throw new CliUsageError(`--fleet FILE is required\n\n${HELP}`);
  if (action === 'mosquitto-config' && !parsed.values.out) throw new CliUsageError(`-o DIR is required\n\n${HELP}`);
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

export const fleetCommand: Command = { name: 'fleet', summary: 'check a fleet file, write Mosquitto password and ACL files', run };
