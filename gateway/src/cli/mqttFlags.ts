/**
 * The MQTT client flags the commands that connect to a broker share (`serve` with --mqtt,
 * `echo`): the broker's CA file, the fleet file and the gateway login it holds, checked and
 * worded once so the commands cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { isTlsMqttUrl } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { loadFleetFile, type Credentials, type Fleet } from '../hil/FleetFile.js';
import { CliUsageError } from './Command.js';

/** Help lines of --mqtt-ca. */
export const MQTT_CA_HELP = `  --mqtt-ca FILE          PEM CA certificate the --mqtt mqtts:// broker's certificate must chain
                          to (default: Node's bundled CAs)`;

/** A PEM file a flag names; unreadable is bad usage naming the flag. */
export function readPem(flag: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new CliUsageError(`--${flag}: cannot read ${path}: ${(error as Error).message}`);
  }
}

/** --mqtt-ca: only with an mqtts:// --mqtt URL (`mqtt` undefined: the embedded broker, or none given). */
export function mqttCaFlag(mqtt: string | undefined, ca: string | undefined, noUrl = 'the embedded broker'): Buffer | undefined {
  if (ca === undefined) return undefined;
  if (!isTlsMqttUrl(mqtt ?? '')) throw new CliUsageError(`--mqtt-ca needs an mqtts:// --mqtt URL (got ${mqtt === undefined ? noUrl : `'${mqtt}'`})`);
  return readPem('mqtt-ca', ca);
}

/** --fleet: the fleet file, its problems as bad usage naming the flag. */
export async function fleetFlag(path: string | undefined): Promise<Fleet | null> {
  if (path === undefined) return null;
  try {
    return await loadFleetFile(path);
  } catch (error) {
    if (error instanceof SwarmgateError) throw new CliUsageError(`--fleet: ${error.message}`);
    throw error;
  }
}

/** The gateway's own MQTT login: the fleet file's gateway user (it must hold a plain password). */
export function gatewayLogin(fleet: Fleet | null): { username?: string; password?: string } {
  if (!fleet) return {};
  const credentials: Credentials = fleet.gateway;
  if (credentials.secret.kind !== 'plain') {
    throw new CliUsageError(`--fleet: the gateway user '${credentials.username}' needs a plain password (the gateway logs in with it), not a hash`);
  }
  return { username: credentials.username, password: credentials.secret.password };
}
