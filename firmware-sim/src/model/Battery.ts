import { SwarmgateError } from '../errors.js';

/**
 * A battery drained by a constant idle load plus a load proportional to motor effort.
 * MONA's capacity is not published; its README says "2 to 8 hours depending on usage",
 * so the defaults give 8 h idle and 2 h with both motors at full speed.
 */
export interface BatteryOptions {
  /** Hours from full to empty with the motors off. */
  readonly idleLifeH: number;
  /** Hours from full to empty with both motors at full speed. */
  readonly fullLoadLifeH: number;
  /** State of charge at boot, 0..1. */
  readonly initialSoc: number;
}

export const DEFAULT_BATTERY: BatteryOptions = {
  idleLifeH: 8,
  fullLoadLifeH: 2,
  initialSoc: 1,
};

export class Battery {
  private socValue: number;
  private readonly idleDrainPerS: number;
  private readonly motorDrainPerS: number;

  /** Voltage is linear in the state of charge between emptyVolts and fullVolts (MONA_SPEC). */
  constructor(
    options: BatteryOptions,
    private readonly fullVolts: number,
    private readonly emptyVolts: number,
  ) {
    const { idleLifeH, fullLoadLifeH, initialSoc } = options;
    if (!(idleLifeH > 0 && fullLoadLifeH > 0 && fullLoadLifeH <= idleLifeH)) {
      throw new SwarmgateError('SG_MODEL_CONFIG', `battery lives must satisfy 0 < fullLoadLifeH <= idleLifeH, got ${fullLoadLifeH} and ${idleLifeH}`);
    }
    if (!(initialSoc >= 0 && initialSoc <= 1)) {
      throw new SwarmgateError('SG_MODEL_CONFIG', `battery initialSoc must be in [0, 1], got ${initialSoc}`);
    }
    this.socValue = initialSoc;
    this.idleDrainPerS = 1 / (idleLifeH * 3600);
    this.motorDrainPerS = 1 / (fullLoadLifeH * 3600) - this.idleDrainPerS;
  }

  /** State of charge, 0 (empty) .. 1 (full). */
  get soc(): number {
    return this.socValue;
  }

  get voltageV(): number {
    return this.emptyVolts + (this.fullVolts - this.emptyVolts) * this.socValue;
  }

  get empty(): boolean {
    return this.socValue <= 0;
  }

  /** motorLoad: 0 (motors off) .. 1 (both wheels at full speed). */
  drain(dtS: number, motorLoad: number): void {
    const rate = this.idleDrainPerS + this.motorDrainPerS * motorLoad;
    this.socValue = Math.max(0, this.socValue - rate * dtS);
  }
}
