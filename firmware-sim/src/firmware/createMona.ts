import { MONA_SPEC, type Clock } from '@swarmgate/protocols';
import { Arena, DEFAULT_ARENA } from '../model/Arena.js';
import { MonaModel, type MonaModelOptions } from '../model/MonaModel.js';
import { Firmware, type Outbox } from './Firmware.js';

export interface CreateMonaOptions {
  readonly robotId: string;
  readonly clock: Clock;
  readonly seed: number;
  readonly arena?: Arena;
  readonly startPose?: MonaModelOptions['startPose'];
  readonly telemetryHz?: number;
  /** Model noise and step overrides; dimensions always come from MONA_SPEC. */
  readonly model?: Pick<MonaModelOptions, 'stepMs' | 'encoderNoiseStd' | 'maxSlip' | 'battery'>;
}

/** A MONA_SPEC robot model with its firmware: one emulated robot, link not attached. */
export function createMona(options: CreateMonaOptions, outbox: Outbox): Firmware {
  const arena = options.arena ?? new Arena(DEFAULT_ARENA);
  const model = new MonaModel({
    dims: MONA_SPEC,
    arena,
    seed: options.seed,
    startPose: options.startPose ?? { xM: arena.widthM / 2, yM: arena.heightM / 2, headingRad: 0 },
    ...options.model,
  });
  return new Firmware({ robotId: options.robotId, model, clock: options.clock, telemetryHz: options.telemetryHz }, outbox);
}
