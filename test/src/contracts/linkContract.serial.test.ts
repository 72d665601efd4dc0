/**
 * The link contract on a serial line: the gateway's SerialBridge on one socat pty pair, mona-sim
 * on another, and a relay in this process joining the two far ends. The relay is the cable: it
 * lets the test put line noise on the wire, and unplugging it (its pty pair gone) loses the link.
 */
import { MemoryLogger, SerialBridge, type RobotRegistry } from '@swarmgate/gateway';
import { MONA_SPEC } from '@swarmgate/protocols';
import { SerialPort } from 'serialport';
import { startPtyPair } from '../harness/socat.js';
import { linkContract } from './linkContract.js';

async function open(path: string): Promise<SerialPort> {
  const port = new SerialPort({ path, baudRate: MONA_SPEC.serialBaud, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  port.on('error', () => undefined); // the pty goes when its socat is stopped
  return port;
}

const closed = (port: SerialPort) => new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));

linkContract('serial over ptys', async (registry: RobotRegistry) => {
  const gatewaySide = await startPtyPair();
  const robotSide = await startPtyPair();
  const bridge = new SerialBridge({ registry, ports: [gatewaySide.a], logger: new MemoryLogger(), backoff: { initialMs: 50, maxMs: 500 } });
  const toGateway = await open(gatewaySide.b);
  const toRobot = await open(robotSide.b);
  toRobot.on('data', (chunk: Buffer) => toGateway.isOpen && toGateway.write(chunk));
  toGateway.on('data', (chunk: Buffer) => toRobot.isOpen && toRobot.write(chunk));
  return {
    link: bridge,
    kind: 'serial',
    robotArgs: () => ['--serial', robotSide.a],
    injectGarbage: async () => {
      // Noise ending in a delimiter: a complete bad frame the bridge must count and drop.
      toGateway.write(Buffer.from([0x13, 0x37, 0xfe, 0x00]));
    },
    badInputs: () => {
      const counters = bridge.countersOf(gatewaySide.a)!;
      return counters.garbageBytes + counters.crcErrors + counters.decodeErrors;
    },
    lossReason: 'link-lost',
    loseLink: async () => {
      await closed(toGateway);
      await gatewaySide.close();
    },
    close: async () => {
      await bridge.stop();
      await closed(toGateway);
      await closed(toRobot);
      await gatewaySide.close();
      await robotSide.close();
    },
  };
});
