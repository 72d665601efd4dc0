/**
 * HIL over MQTT: 100 MonaSim firmwares (one forked process, one MQTT connection each) on a
 * real Mosquitto, driven at 10 Hz per robot by the gateway's own path (HilGateway.drive ->
 * CommandSafety -> MqttBridge, paced by the trial's TickPacer). Latency is from just before
 * `drive` to the firmware's receipt of the decoded MotorCommand; tick overruns are the pacer's.
 * Baseline, same run and broker: bare mqtt.js publishes of the same payload size to 100 bare
 * subscribers, no encode, decode or firmware. Each phase also reports the CPU of the sending
 * process and of the robot processes; a diagnostic phase runs the robots' Telemetry at 1 Hz.
 *   npm run bench -- hil-mqtt            (60 s per phase; SWARMGATE_BENCH_QUICK=1: 10 s)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { HilGateway, MemoryLogger, MqttBridge, RobotRegistry, newMotorDecision } from '@swarmgate/gateway';
import { encodeEnvelope, makeEnvelope } from '@swarmgate/protocols';
import { startMosquitto } from '@swarmgate/firmware-sim/testing';
import type { BenchReport } from './BenchReport.js';
import { BARE_MQTT_OPTIONS, monaId, rawTopic, type FirmwareMessage, type ParentMessage } from './hilMqttFirmware.js';
import { pace, until, type PhaseResult } from './hilPace.js';
import { LatencyLog, SLOTS, benchDurationS, fmtMs, slotSpeedMps } from './hilProbe.js';

const ROBOTS = 100;
/** Robot processes. One emulates the robots' receipts one after another, which real robots
 * (a CPU each) do not; the report gives both. */
const PROCESS_COUNTS = [1, 2];
/** The firmware's default Telemetry rate (the goal's setting). */
const TELEMETRY_HZ = 10;
/**
 * A diagnostic phase (1 robot process) with the robots' Telemetry at this rate instead: how much
 * of the gateway phase's latency the 1000 uplink messages/s cost. Not the goal's setting.
 */
const DIAGNOSTIC_TELEMETRY_HZ = 1;
const FLEET = 'bench';
const RAW_ROOT = 'bench-raw';
const firmwareScript = fileURLToPath(new URL('./hilMqttFirmware.ts', import.meta.url));

interface RobotProcesses {
  readonly children: readonly ChildProcess[];
  ready(): boolean;
  /** Sum over the robot processes of their CPU ms/s from `measure` to `stop` (known after stop). */
  cpuMsPerS(): number;
}

/** Where and how many robots a phase runs (hil-nats: more robots, a broker list per process, fleet logins). */
export interface FleetSetup {
  readonly robots: number;
  /** The broker URL (list) robot process `p` connects to. */
  urlFor(process: number): string;
  /** Robots log in as their id with benchPassword(id); the gateway with these. */
  readonly gatewayLogin?: { readonly username: string; readonly password: string };
}

const singleBroker = (url: string): FleetSetup => ({ robots: ROBOTS, urlFor: () => url });

/** Forks the robot side, the setup's robots split over `processes`; their receipts go into `log`. */
function startFirmware(mode: 'mona' | 'raw', setup: FleetSetup, level: string, processes: number, log: LatencyLog, telemetryHz = TELEMETRY_HZ): RobotProcesses {
  let ready = 0;
  let cpuMsPerS = 0;
  const perProcess = Math.ceil(setup.robots / processes);
  const children = Array.from({ length: processes }, (_, p) => {
    const first = p * perProcess;
    const count = String(Math.min(perProcess, setup.robots - first));
    const args = [mode, setup.urlFor(p), level, String(first), count, String(telemetryHz), ...(setup.gatewayLogin ? ['auth'] : [])];
    // fork() passes our execArgv (tsx's loader) on, so the child runs TypeScript the same way.
    const child = fork(firmwareScript, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: FirmwareMessage) => {
      if ('ready' in message) {
        ready++;
        return;
      }
      for (let k = 0; k + 2 < message.receipts.length; k += 3) log.received(message.receipts[k]!, message.receipts[k + 1]!, message.receipts[k + 2]!);
      cpuMsPerS += message.cpuMsPerS ?? 0;
    });
    return child;
  });
  return { children, ready: () => ready === processes, cpuMsPerS: () => cpuMsPerS };
}

/** Starts the robot processes' CPU meters (just before pacing). */
function measureFirmware(children: readonly ChildProcess[]): void {
  for (const child of children) child.send({ measure: true } satisfies ParentMessage);
}

/** Stops the robot processes; resolves once each has exited and its last message (receipts, CPU) is in. */
async function stopFirmware(children: readonly ChildProcess[]): Promise<void> {
  const dead = children.find((child) => child.exitCode !== null || child.signalCode !== null);
  if (dead) throw new Error(`hil-mqtt bench: a robot process died (exit ${dead.exitCode ?? dead.signalCode})`);
  await Promise.all(
    children.flatMap((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const channelClosed = new Promise((resolve) => child.once('disconnect', resolve));
      child.send({ stop: true } satisfies ParentMessage);
      return [exited, channelClosed];
    }),
  );
}

/** A phase's result with the robot side's CPU and the sends a down link refused. */
type MqttPhase = PhaseResult & { readonly robotCpuMsPerS: number; readonly notSent: number };

async function rawPhase(url: string, durationS: number, payloadBytes: number, processes: number): Promise<MqttPhase> {
  const log = new LatencyLog(ROBOTS, durationS * 12 * ROBOTS);
  const firmware = startFirmware('raw', singleBroker(url), RAW_ROOT, processes, log);
  const publisher = await mqtt.connectAsync(url, BARE_MQTT_OPTIONS);
  let result: PhaseResult;
  try {
    await until('raw subscribers', firmware.ready, 30_000);
    const topics = Array.from({ length: ROBOTS }, (_, i) => rawTopic(RAW_ROOT, i));
    const payload = Buffer.alloc(payloadBytes);
    measureFirmware(firmware.children);
    result = await pace(`raw mqtt.js publish -> subscriber (baseline), ${processes} robot process(es)`, ROBOTS, durationS, log, (robot, tick) => {
      payload[0] = tick % SLOTS;
      publisher.publish(topics[robot]!, payload, { qos: 0 });
    });
  } finally {
    await publisher.endAsync();
    await stopFirmware(firmware.children);
  }
  return { ...result, robotCpuMsPerS: firmware.cpuMsPerS(), notSent: 0 };
}

export interface GatewayPhaseOptions {
  readonly name?: string;
  readonly telemetryHz?: number;
  /** The gateway's broker URL (list); default the URL of robot process 0. */
  readonly gatewayUrl?: string;
  /** Runs after pacing, robots still up (hil-nats kills a node there and times the failover). */
  readonly after?: (registry: RobotRegistry) => Promise<void>;
}

export async function gatewayPhase(
  setup: FleetSetup | string,
  durationS: number,
  processes: number,
  options: GatewayPhaseOptions = {},
  fleet = FLEET,
): Promise<MqttPhase> {
  const fleetSetup = typeof setup === 'string' ? singleBroker(setup) : setup;
  const robots = fleetSetup.robots;
  const telemetryHz = options.telemetryHz ?? TELEMETRY_HZ;
  const log = new LatencyLog(robots, durationS * 12 * robots);
  const registry = new RobotRegistry({ keepaliveMs: 5000 });
  const url = options.gatewayUrl ?? fleetSetup.urlFor(0);
  const hil = new HilGateway({ registry }).register(new MqttBridge({ url, fleet, registry, logger: new MemoryLogger(), ...fleetSetup.gatewayLogin }));
  await hil.start();
  const firmware = startFirmware('mona', fleetSetup, fleet, processes, log, telemetryHz);
  let result: PhaseResult & { notSent: number };
  try {
    const ids = Array.from({ length: robots }, (_, i) => monaId(i));
    await until(`Births of ${robots} robots`, () => ids.every((id) => registry.get(id)?.online === true), 180_000);
    const decision = newMotorDecision();
    let notSent = 0;
    measureFirmware(firmware.children);
    const telemetry = telemetryHz === TELEMETRY_HZ ? '' : `, Telemetry at ${telemetryHz} Hz (diagnostic)`;
    const paced = await pace(
      options.name ?? `swarmgate HilGateway.drive -> MonaSim firmware, ${processes} robot process(es)${telemetry}`,
      robots,
      durationS,
      log,
      (robot, tick) => {
        const speedMps = slotSpeedMps(tick);
        if (!hil.drive(ids[robot]!, speedMps, -speedMps, null, 0, decision).sent) notSent++;
      },
    );
    result = { ...paced, notSent };
    await options.after?.(registry);
  } finally {
    await stopFirmware(firmware.children);
    await hil.stop();
  }
  return { ...result, robotCpuMsPerS: firmware.cpuMsPerS() };
}

/** The header of `row`'s table. */
export const ROW_HEADER = `| phase | sent | received | lost | p50 ms | p99 ms | max ms | robot 0 p50 / p99 ms | tick overruns | max tick lateness ms | sender CPU ms/s | robot processes CPU ms/s |
|---|---|---|---|---|---|---|---|---|---|---|---|`;

export function row(phase: MqttPhase): string {
  const s = phase.log.summary();
  const first = phase.log.summary(0);
  const lost = phase.sent - s.samples - phase.log.unmatched;
  return `| ${phase.name} | ${phase.sent} | ${s.samples} | ${lost} | ${fmtMs(s.p50Ms)} | ${fmtMs(s.p99Ms)} | ${fmtMs(s.maxMs)} | ${fmtMs(first.p50Ms)} / ${fmtMs(first.p99Ms)} | ${phase.overruns} | ${fmtMs(phase.maxLatenessMs)} | ${phase.cpuMsPerS.toFixed(0)} | ${phase.robotCpuMsPerS.toFixed(0)} |`;
}

/** A gateway phase against the bare-MQTT baseline of the same run. */
function ratios(gateway: MqttPhase, raw: MqttPhase): string {
  const g = gateway.log.summary();
  const r = raw.log.summary();
  return (
    `gateway / baseline p50 ${(g.p50Ms / r.p50Ms).toFixed(2)}x, p99 ${(g.p99Ms / r.p99Ms).toFixed(2)}x, ` +
    `CPU sender ${(gateway.cpuMsPerS / raw.cpuMsPerS).toFixed(1)}x, robot processes ${(gateway.robotCpuMsPerS / raw.robotCpuMsPerS).toFixed(1)}x; ` +
    `not sent (link down) ${gateway.notSent}`
  );
}

export async function benchHilMqtt(): Promise<BenchReport> {
  const durationS = benchDurationS();
  const payloadBytes = encodeEnvelope(
    makeEnvelope(monaId(0), { motorCommand: { leftMps: 0.05, rightMps: -0.05, deadlineMs: 300 } }, 123_456, Date.now()),
  ).length;
  const broker = await startMosquitto();
  try {
    const rows: string[] = [];
    const verdicts: string[] = [];
    for (const processes of PROCESS_COUNTS) {
      const raw = await rawPhase(broker.url, durationS, payloadBytes, processes);
      const gateway = await gatewayPhase(broker.url, durationS, processes);
      rows.push(row(raw), row(gateway));
      const g = gateway.log.summary();
      const met = g.p99Ms <= 10 && gateway.overruns === 0 ? 'met' : 'NOT met';
      verdicts.push(`${processes} robot process(es): ${ratios(gateway, raw)}; goal p99 <= 10 ms and zero overruns: ${met}.`);
      if (processes !== 1) continue;
      const diagnostic = await gatewayPhase(broker.url, durationS, processes, { telemetryHz: DIAGNOSTIC_TELEMETRY_HZ });
      rows.push(row(diagnostic));
      verdicts.push(`diagnostic, Telemetry at ${DIAGNOSTIC_TELEMETRY_HZ} Hz, 1 robot process: ${ratios(diagnostic, raw)} (not the goal's setting).`);
    }
    const markdown = `${ROBOTS} robots at 10 Hz for ${durationS} s per phase, Mosquitto (Debian package, loopback); the robots in
${PROCESS_COUNTS.join(' or ')} forked Node processes, one MQTT connection each. MonaSim firmwares also send their
Telemetry at 10 Hz (the firmware default), booted one after another over one Telemetry period as a
real fleet powers on (their phases spread; robots started in the same millisecond would send in step).
Latency: from just before the send on the gateway side to the receipt of the decoded MotorCommand
in the firmware (high-resolution clocks of processes on one host), QoS 0, ${payloadBytes} B payload.
Tick overruns: the trial's TickPacer (a tick starting more than one period late). All robots are
sent to at once each tick, robot 0 first: its latency leaves out the wait behind the other robots'
messages in an emulator process (real robots have a CPU each). CPU: user + system ms per second of
the phase, of the sending process (gateway or bare publisher) and of all robot processes together.
Every mqtt.js client (gateway, robots, baseline) has mqtt.js's \`debug\` logging replaced by a no-op.
The diagnostic row runs the robots' Telemetry at ${DIAGNOSTIC_TELEMETRY_HZ} Hz (a MonaSim option; the default stays 10 Hz)
to show what the uplink traffic costs; the goal is judged on the 10 Hz rows only.

${ROW_HEADER}
${rows.join('\n')}

${verdicts.map((v) => `- ${v}`).join('\n')}`;
    return { name: 'hil-mqtt', title: 'HIL over MQTT: 100 mona-sim robots at 10 Hz (bench/src/hilMqtt.ts)', markdown };
  } finally {
    await broker.stop();
  }
}
