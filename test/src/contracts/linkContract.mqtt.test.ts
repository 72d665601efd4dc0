/**
 * The link contract on MQTT: the gateway's MqttBridge and mona-sim on the embedded aedes broker
 * and on a real Mosquitto. Garbage is a payload that is no Envelope on the robot's telemetry
 * topic; losing the link is the robot process killed (the broker publishes its will).
 */
import { EmbeddedBroker, MemoryLogger, MqttBridge, type RobotRegistry } from '@swarmgate/gateway';
import { robotTopic } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { startMosquitto } from '../harness/mosquitto.js';
import { linkContract, type LinkFixture } from './linkContract.js';

const FLEET = 'lab';

async function mqttFixture(url: string, registry: RobotRegistry, closeBroker: () => Promise<unknown>): Promise<LinkFixture> {
  const bridge = new MqttBridge({ url, fleet: FLEET, registry, logger: new MemoryLogger(), backoff: { initialMs: 50, maxMs: 500 } });
  return {
    link: bridge,
    kind: 'mqtt',
    robotArgs: () => ['--mqtt', url, '--fleet', FLEET, '--keepalive', '1'],
    injectGarbage: async (robotId) => {
      const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
      await client.publishAsync(robotTopic(FLEET, robotId, 'telemetry'), Buffer.from([0x13, 0x37, 0xff, 0xff]), { qos: 1 });
      await client.endAsync();
    },
    badInputs: () => bridge.counters.decodeErrors,
    lossReason: 'death',
    loseLink: (robot) => robot.crash(),
    close: async () => {
      await bridge.stop();
      await closeBroker();
    },
  };
}

linkContract('MQTT on the embedded aedes broker', async (registry) => {
  const broker = await EmbeddedBroker.start({ fleet: null, port: 0, logger: new MemoryLogger() });
  return mqttFixture(broker.url, registry, () => broker.close());
});

linkContract('MQTT on Mosquitto', async (registry) => {
  const broker = await startMosquitto();
  return mqttFixture(broker.url, registry, () => broker.stop());
});
