/**
 * The Robot contract (sdk robotContract) on the SDK's MqttRobot, against a real LiveService on
 * its embedded aedes broker: the gateway's world runs r1 (remote-controlled over MQTT) and r0
 * (held still by an emergency stop, it sends to r1). The test steps the world itself (the
 * service's pacer is stopped), and each step waits for the gateway's answers to what r1 sent
 * and then for r1's State of that tick.
 */
import { LiveService, MemoryLogger } from '@swarmgate/gateway';
import { MqttRobot, SlamMap } from '@swarmgate/sdk';
import { gridFromAscii, robotContract } from '@swarmgate/sdk/testing';
import { waitFor } from './liveHarness.js';

const ROOM = gridFromAscii(['####################', ...Array.from({ length: 18 }, () => '#..................#'), '####################']);

robotContract(
  'MqttRobot (LiveService, aedes)',
  async () => {
    const service = await LiveService.start({
      trial: {
        grid: ROOM,
        robots: 2,
        algorithm: 'random',
        comm: 'global',
        spawn: {
          kind: 'positions',
          poses: [
            { xM: 3.5, yM: 3.5, headingRad: 0 },
            { xM: 8.5, yM: 10.5, headingRad: 0 },
          ],
        },
        seed: 1,
        targetExplored: 0.99,
        maxTicks: Number.POSITIVE_INFINITY,
        remoteControlled: new Set(['r1']),
      },
      mqttPort: 0,
      fleet: null,
      fleetName: 'lab',
      keepaliveMs: 1000,
      twins: { poseSource: 'odometry', transform: { scale: 1, rotationRad: 0, offsetXM: 0, offsetYM: 0 } },
      httpPort: null,
      logger: new MemoryLogger(),
    });
    const live = service.live;
    live.pacer.stop();
    live.emergencyStop('r0', 'the contract test holds r0 still');
    const world = live.world;
    const robot = await MqttRobot.connect({ url: service.url, fleet: 'lab', robotId: 'r1', map: SlamMap.forGrid(ROOM), limits: world.actionLimits });
    const step = async (): Promise<void> => {
      // Latched calls go out when the current job ends; the gateway answers each.
      await new Promise((resolve) => setImmediate(resolve));
      await waitFor('the gateway to answer every command', () => robot.counters.acks + robot.counters.errors === robot.counters.commandsSent);
      world.step();
      await waitFor(`r1's State of tick ${world.tick}`, () => robot.state().tick === world.tick);
    };
    await step();
    return {
      robot,
      step,
      deliver: async (payload) => world.robot('r0').broadcast(payload),
      close: async () => {
        await robot.close();
        await service.stop();
      },
    };
  },
  // The gateway's engine ends 1..20 m moves within 1 mm and rotations within 0.0005 rad (gateway
  // Motion.ts); the float32 pose on the wire adds under 1e-6 m here.
  { moveToleranceM: 0.001, rotateToleranceRad: 0.0005 },
);
