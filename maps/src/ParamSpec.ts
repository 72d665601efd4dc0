/**
 * One parameter of a registered plug-in (map generator, algorithm, radio model, sensor): the
 * one shape that `swarmgate list` prints and that spec parsing checks values against.
 */
export interface ParamSpec {
  /** Key in a spec, e.g. `fill` in `cave:75x75:fill=40`. */
  readonly name: string;
  /** Unit of the value, e.g. 'm', 'm/s', 's', 'rad/s', 'deg', 'dB'; 'cells' only for compute budgets and generator sizes. */
  readonly unit: string;
  readonly default: number | string | boolean;
  /** Accepted range of a numeric parameter, inclusive. */
  readonly min?: number;
  readonly max?: number;
  /** Integer-valued (ticks, counts, cells). */
  readonly integer?: boolean;
  readonly doc: string;
}

/** A numeric parameter with its accepted range: what generators and algorithms declare. */
export interface RangedParamSpec extends ParamSpec {
  readonly default: number;
  readonly min: number;
  readonly max: number;
}
