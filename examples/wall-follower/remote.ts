/**
 * The same controller file, run in its own process against a gateway's robot over MQTT:
 *
 *   swarmgate serve --map cave:30x30:seed=4 --robots 2 --remote r1
 *   npx tsx examples/wall-follower/remote.ts mqtt://127.0.0.1:1883 cave:30x30:seed=4 r1 speedMps=0.5
 *
 * (arguments: the broker URL `serve` prints, its map, the robot id, then parameters). It prints
 * the ticks run and commands acknowledged every second, and stops the robot on Ctrl-C.
 */
import { loadMap } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { MqttRobot, SlamMap, parseAlgorithmSpec, resolveAlgorithmParams, runController, type AlgorithmInfo } from '@swarmgate/sdk';
import wallFollower, { parameters } from './controller.js';

const [url, mapSpec, robotId = 'r0', paramSpec = ''] = process.argv.slice(2);
if (url === undefined || mapSpec === undefined) {
  process.stderr.write('usage: remote.ts <mqtt-url> <map spec> [robot id] [param=value,...]\n');
  process.exit(2);
}
const info: AlgorithmInfo = { name: 'wall-follower', summary: 'right-hand wall follower', parameters, create: wallFollower };
const params = resolveAlgorithmParams(info, paramSpec === '' ? {} : parseAlgorithmSpec(`wall-follower:${paramSpec}`).params);
const seed = 0;
const robot = await MqttRobot.connect({
  url,
  fleet: 'lab',
  robotId,
  map: SlamMap.forGrid(loadMap(mapSpec)),
  // The default simulated robot's limits (swarmgate's maes profile); the gateway clamps to its own.
  limits: { maxLinearMps: 3, maxAngularRadps: 4, maxWheelMps: 3 },
});
const controller = wallFollower({ seed, rng: Random.fromSeed(seed), robotId, robotIndex: 0, robotCount: 1, tileSizeM: 1, params });
const run = runController(controller, robot);
const report = setInterval(() => process.stdout.write(`ticks ${run.ticks} acks ${robot.counters.acks} errors ${robot.counters.errors}\n`), 1000);
process.once('SIGINT', () => run.stop());
process.once('SIGTERM', () => run.stop());
await run.done.finally(() => clearInterval(report));
await robot.close();
