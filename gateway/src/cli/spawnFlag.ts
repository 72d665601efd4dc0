/**
 * The --spawn flag: a strategy name, or `at:X,Y[,HEADING_DEG];X,Y...` with one pose per robot in
 * map metres (heading in degrees, default 0, any value: normalised to (-180, 180]). Only the syntax and the count are checked here;
 * whether each position is on the map and off the walls needs the grid (checkSpawnPositions).
 */
import { SPAWN_KINDS, type SpawnStrategy } from '../sim/Spawn.js';
import { wrapAngle } from '@swarmgate/protocols';
import { CliUsageError } from './Command.js';

const AT = 'at:';

export function parseSpawnFlag(raw: string | undefined, robots: number): SpawnStrategy {
  const spec = raw ?? 'together';
  if ((SPAWN_KINDS as readonly string[]).includes(spec)) return { kind: spec } as SpawnStrategy;
  if (!spec.startsWith(AT)) {
    throw new CliUsageError(`--spawn must be one of ${SPAWN_KINDS.join(', ')} or at:X,Y[,HEADING_DEG];X,Y..., got '${spec}'`);
  }
  const items = spec.slice(AT.length).split(';');
  const poses = items.map((item, index) => {
    const parts = item.split(',');
    const numbers = parts.map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
    if ((parts.length !== 2 && parts.length !== 3) || !numbers.every(Number.isFinite)) {
      throw new CliUsageError(`--spawn: position ${index + 1} '${item}' must be X,Y or X,Y,HEADING_DEG (finite numbers, metres and degrees)`);
    }
    return { xM: numbers[0], yM: numbers[1], headingRad: wrapAngle(((numbers[2] ?? 0) * Math.PI) / 180) };
  });
  if (poses.length !== robots) {
    throw new CliUsageError(`--spawn: ${poses.length} position${poses.length === 1 ? '' : 's'} given for --robots ${robots}`);
  }
  return { kind: 'positions', poses };
}
