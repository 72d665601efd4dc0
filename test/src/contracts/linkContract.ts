/**
 * The link contract: what every robot link (RobotLinkPlugin) does for the HIL core, whatever
 * its transport. Each case runs a real robot (mona-sim) on the link under test behind a real
 * HilGateway and RobotRegistry:
 * - a robot's Birth admits it (online, carried by the link, its link kind recorded);
 * - Telemetry updates the registry;
 * - a MotorCommand reaches the robot (its Ack comes back, its encoders move);
 * - an emergency stop latches on the robot and only a release clears it, which moves nothing
 *   (docs/safety.md#emergency-stop);
 * - bytes that are no Envelope are counted by the link, which carries on;
 * - losing the link marks the robot offline, with the reason the link can know.
 */
import { HilGateway, RobotRegistry, type OfflineReason, type RobotLink, type RobotLinkPlugin } from '@swarmgate/gateway';
import { swarmgate, type Ack, type ErrorMessage, type Telemetry } from '@swarmgate/protocols';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, terminate, until } from '@swarmgate/firmware-sim/testing';

const ErrorCode = swarmgate.v1.ErrorCode;
const Flag = swarmgate.v1.TelemetryFlag;
const monaSimBin = join(dirname(fileURLToPath(import.meta.url)), '../../../firmware-sim/bin/mona-sim.js');

/** The uplink events every link emits (MqttBridge and SerialBridge alike). */
export interface UplinkEventSource {
  on(event: 'ack', listener: (robotId: string, ack: Ack) => void): unknown;
  on(event: 'robotError', listener: (robotId: string, error: ErrorMessage) => void): unknown;
}

/** One link under test, built around the contract's registry. */
export interface LinkFixture {
  readonly link: RobotLinkPlugin & UplinkEventSource;
  /** What the registry records as the robot's link. */
  readonly kind: Exclude<RobotLink, 'virtual'>;
  /** mona-sim's link flags for a robot on this link (e.g. `--mqtt URL`). */
  robotArgs(robotId: string): string[];
  /** Puts bytes that are no Envelope on the link, as if from the robot. */
  injectGarbage(robotId: string): Promise<void>;
  /** How many bad inputs the link has counted so far. */
  badInputs(): number;
  /** Cuts the robot off the gateway (the robot process, the cable). */
  loseLink(robot: MonaSimProcess): Promise<void>;
  /** Why the registry then marks it offline: its will (MQTT) or the port gone (serial). */
  readonly lossReason: OfflineReason;
  close(): Promise<void>;
}

export interface MonaSimProcess {
  readonly robotId: string;
  /** SIGTERM: a graceful stop. */
  kill(): Promise<void>;
  /** SIGKILL: the robot dies mid-sentence. */
  crash(): Promise<void>;
}

export type LinkFactory = (registry: RobotRegistry) => Promise<LinkFixture>;

/** Registers the contract's cases for one link. */
export function linkContract(name: string, factory: LinkFactory, timeoutMs = 30_000): void {
  describe(`link contract: ${name}`, () => {
    const cleanups: Array<() => Promise<unknown> | unknown> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** A gateway with the link under test and a mona-sim born on it. */
    async function setup(robotId: string) {
      const registry = new RobotRegistry({ keepaliveMs: 60_000 });
      const fixture = await factory(registry);
      cleanups.push(() => fixture.close());
      const hil = new HilGateway({ registry }).register(fixture.link);
      cleanups.push(() => hil.stop());
      const acks: Ack[] = [];
      const errors: ErrorMessage[] = [];
      const telemetry: Telemetry[] = [];
      fixture.link.on('ack', (id, ack) => id === robotId && acks.push(ack));
      fixture.link.on('robotError', (id, error) => id === robotId && errors.push(error));
      registry.on('telemetry', (id, t) => id === robotId && telemetry.push(t));
      await hil.start();
      const robot = startMonaSim(robotId, fixture.robotArgs(robotId));
      cleanups.push(() => robot.kill());
      await until(() => registry.get(robotId)?.online === true, `the Birth of ${robotId}`, 20_000);
      await until(() => telemetry.length > 0, `Telemetry of ${robotId}`, 5000);
      const lastTicks = () => telemetry.at(-1)!.encoderLeftTicks;
      const lastFlags = () => telemetry.at(-1)!.flags;
      const telemetryAfter = async (count: number) => {
        const from = telemetry.length;
        await until(() => telemetry.length >= from + count, `${count} Telemetry`, 5000);
        return telemetry.slice(from);
      };
      return { registry, fixture, hil, robot, acks, errors, telemetry, lastTicks, lastFlags, telemetryAfter };
    }

    it(
      'admits a robot on its Birth and updates the registry from its Telemetry',
      async () => {
        const { registry, fixture, telemetryAfter } = await setup('lc-01');
        const record = registry.get('lc-01')!;
        expect(record).toMatchObject({ online: true, link: fixture.kind, model: 'mona-sim' });
        expect(fixture.link.carries('lc-01')).toBe(true);
        expect(fixture.link.carries('lc-99')).toBe(false);
        const seenAt = record.lastSeenMs;
        await telemetryAfter(2);
        expect(registry.get('lc-01')!.lastSeenMs).toBeGreaterThan(seenAt);
        expect(registry.get('lc-01')!.batteryFraction).toBeGreaterThan(0);
      },
      timeoutMs,
    );

    it(
      'carries a MotorCommand to the robot: its Ack comes back and its wheels turn',
      async () => {
        const { hil, acks, lastTicks } = await setup('lc-02');
        const ticks = lastTicks();
        expect(hil.drive('lc-02', 0.08, 0.08, null, 21).sent).toBe(true);
        await until(() => acks.some((a) => a.commandId === 21), 'the Ack', 5000);
        await until(() => lastTicks() > ticks + 10, 'encoder ticks while driving', 5000);
      },
      timeoutMs,
    );

    it(
      'latches an emergency stop until the release, which starts no motion',
      async () => {
        const { hil, errors, lastTicks, lastFlags, telemetryAfter } = await setup('lc-03');
        hil.drive('lc-03', 0.08, 0.08, null, 31);
        expect(hil.emergencyStop('lc-03', 'contract')).toBeGreaterThan(0);
        await until(() => (lastFlags() & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0, 'the EMERGENCY_STOP flag', 5000);
        const latched = await telemetryAfter(3);
        expect(new Set(latched.map((t) => t.encoderLeftTicks)).size).toBe(1);

        hil.drive('lc-03', 0.08, 0.08, null, 32);
        await until(() => errors.some((e) => e.commandId === 32), 'the refusal', 5000);
        expect(errors.find((e) => e.commandId === 32)!.code).toBe(ErrorCode.ERROR_CODE_EMERGENCY_STOP);

        expect(hil.releaseEmergencyStop('lc-03', 'contract over')).toBeGreaterThan(0);
        await until(() => (lastFlags() & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) === 0, 'the flag cleared', 5000);
        const released = await telemetryAfter(3);
        expect(new Set(released.map((t) => t.encoderLeftTicks)).size).toBe(1);

        const ticks = lastTicks();
        hil.drive('lc-03', 0.08, 0.08, null, 33);
        await until(() => lastTicks() > ticks + 10, 'motion after the release', 5000);
      },
      timeoutMs,
    );

    it(
      'counts bytes that are no Envelope and carries on',
      async () => {
        const { registry, fixture, telemetryAfter } = await setup('lc-04');
        const before = fixture.badInputs();
        await fixture.injectGarbage('lc-04');
        await until(() => fixture.badInputs() > before, 'the bad input counted', 5000);
        await telemetryAfter(3);
        expect(registry.get('lc-04')!.online).toBe(true);
        expect(fixture.link.carries('lc-04')).toBe(true);
      },
      timeoutMs,
    );

    it(
      'marks the robot offline when the link is lost',
      async () => {
        const { registry, fixture, robot } = await setup('lc-05');
        const offline: Array<[string, OfflineReason]> = [];
        registry.on('offline', (record, reason) => offline.push([record.id, reason]));
        await fixture.loseLink(robot);
        await until(() => registry.get('lc-05')?.online === false, 'the robot offline', 10_000);
        expect(offline).toEqual([['lc-05', fixture.lossReason]]);
      },
      timeoutMs,
    );
  });
}

/** mona-sim as a child process with the link flags given. */
function startMonaSim(robotId: string, linkArgs: readonly string[]): MonaSimProcess {
  const child = spawn(process.execPath, [monaSimBin, ...linkArgs, '--id', robotId], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.resume();
  return {
    robotId,
    kill: () => terminate(child, 1000),
    crash: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
