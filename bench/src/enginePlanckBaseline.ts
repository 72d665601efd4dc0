/**
 * The reference an engine figure is divided by: planck alone stepping the scenario's robots on
 * its map, set up as the engine sets it up (merged wall rectangles, robot discs, damping, physics
 * step, solver settings, broad-phase id recycling) and nothing else: no sensing, SLAM, radio,
 * controllers or metrics. Each robot drives a constant wheel-force pair (forward at
 * 2 m/s, turning at +-0.5 rad/s by slot parity), so robots sweep arcs and meet walls and each
 * other as explorers do. Spawn poses are the trial's (same seed, same 'spawn' stream).
 */
import { performance } from 'node:perf_hooks';
import { Circle, World as PlanckWorld, type Body } from 'planck';
import { Random } from '@swarmgate/protocols';
import { createWallBody, forceForSpeed, recycleTreeIds, resolveWorldConfig, spawnPoses, torqueForRate } from '@swarmgate/gateway';
import type { Scenario } from './engineScenarios.js';

export interface BaselineResult {
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  /** Simulated seconds per CPU second. */
  readonly cpuSpeedX: number;
}

export function runPlanckBaseline(scenario: Scenario, ticks: number): BaselineResult {
  const trial = scenario.config();
  const config = resolveWorldConfig({ ...trial.world, seed: trial.seed });
  const model = config.robot;
  const world = new PlanckWorld({ gravity: { x: 0, y: 0 }, continuousPhysics: config.continuousPhysics });
  recycleTreeIds(world);
  createWallBody(world, trial.grid);
  const poses = spawnPoses(trial.grid, trial.robots, trial.spawn, Random.fromSeed(config.seed).fork('spawn'));
  const bodies: Body[] = poses.map((pose) => {
    const body = world.createBody({
      type: 'dynamic',
      position: { x: pose.xM, y: pose.yM },
      angle: pose.headingRad,
      linearDamping: model.linearDampingPerS,
      angularDamping: model.angularDampingPerS,
    });
    const areaM2 = Math.PI * model.radiusM * model.radiusM;
    body.createFixture(new Circle(model.radiusM), { density: model.massKg / areaM2, friction: 0 });
    return body;
  });
  const forceN = forceForSpeed(model, 2);
  const torqueNm = torqueForRate(model, 0.5);
  const force = { x: 0, y: 0 };
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let tick = 0; tick < ticks; tick++) {
    for (let s = 0; s < config.stepsPerTick; s++) {
      for (let i = 0; i < bodies.length; i++) {
        const body = bodies[i] as Body;
        const angle = body.getAngle();
        force.x = forceN * Math.cos(angle);
        force.y = forceN * Math.sin(angle);
        body.applyForceToCenter(force, true);
        body.applyTorque(i % 2 === 0 ? torqueNm : -torqueNm, true);
      }
      world.step(config.physicsStepS, config.velocityIterations, config.positionIterations);
    }
  }
  const wallSeconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const simSeconds = ticks * config.stepsPerTick * config.physicsStepS;
  return { wallSeconds, cpuSeconds, cpuSpeedX: simSeconds / cpuSeconds };
}
