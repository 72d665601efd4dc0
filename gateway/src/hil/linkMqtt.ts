import { MqttBridge } from './MqttBridge.js';
import type { LinkKind } from './LinkKind.js';

export const mqttLink: LinkKind<'mqtt', MqttBridge> = {
  name: 'mqtt',
  doc: 'Robots on the MQTT broker (embedded aedes or external Mosquitto); also carries tracker poses. Always built: the gateway publishes its own state there.',
  flags: '--mqtt URL | --mqtt-port P, --mqtt-ca, --tls-cert/--tls-key, --fleet',
  create: (c) => new MqttBridge({ ...c.mqtt, registry: c.registry, logger: c.logger }),
};
