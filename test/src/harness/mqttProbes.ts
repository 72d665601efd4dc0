/**
 * Probing a broker's ACL with real clients. aedes answers a refused publish by closing the
 * connection and a refused subscription with SUBACK 0x80; Mosquitto drops the publish silently
 * and grants the subscription, then filters every delivery. These helpers wait for the broker
 * to have handled a request either way.
 */
import type { MqttClient } from 'mqtt';

/** Publishes at QoS 1 and waits until the broker has handled it: PUBACK, or it closed us. */
export function publishHandled(client: MqttClient, topic: string, payload: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const onClose = () => resolve();
    client.once('close', onClose);
    client.publish(topic, payload, { qos: 1 }, () => {
      client.off('close', onClose);
      resolve();
    });
  });
}

/** The QoS the broker granted, or 128 when it refused the subscription. */
export async function grantedQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const [grant] = await client.subscribeAsync(topic, { qos: 1 });
    return grant.qos;
  } catch (error) {
    if (error instanceof Error && error.name === 'ErrorWithSubackPacket') return 128;
    throw error;
  }
}
