import { SerialBridge } from './SerialBridge.js';
import type { LinkKind } from './LinkKind.js';

export const serialLink: LinkKind<'serial', SerialBridge> = {
  name: 'serial',
  doc: 'One robot per serial port: COBS + CRC-32C frames, device-node watch, reopen with backoff.',
  flags: '--serial PATH (repeatable)',
  create: (c) => (c.serialPorts.length > 0 ? new SerialBridge({ registry: c.registry, ports: c.serialPorts, logger: c.logger }) : null),
};
