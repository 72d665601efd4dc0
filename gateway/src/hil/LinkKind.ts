import type { MqttTlsOptions } from '@swarmgate/protocols';
import type { Logger } from './Logger.js';
import type { RobotRegistry } from './RobotRegistry.js';
import type { RobotLinkPlugin } from './RobotLink.js';

/** What `serve` (LiveService) gives every link kind to build its transport from. */
export interface LinkKindContext {
  readonly registry: RobotRegistry;
  /** For what robots can make a link log at will (rate-limited per robot). */
  readonly logger: Logger;
  /** The broker the gateway uses (embedded or external) and its login there. */
  readonly mqtt: MqttTlsOptions & {
    readonly url: string;
    /** The <fleet> topic level. */
    readonly fleet: string;
    readonly username?: string;
    readonly password?: string;
    /** The fleet file's robots, reachable by broadcasts before their Birth. */
    readonly knownRobotIds?: readonly string[];
  };
  /** `serve --serial` ports, each with one robot. */
  readonly serialPorts: readonly string[];
}

/**
 * A kind of robot link: one file exports one, `LINK_KINDS` lists it, and LiveService builds
 * every registered kind's transport. Its name is the `RobotLink` of the robots it carries and a
 * fleet file's `link:` value.
 */
export interface LinkKind<Name extends string = string, Transport extends RobotLinkPlugin = RobotLinkPlugin> {
  readonly name: Name;
  readonly doc: string;
  /** The `serve` flags that configure it. */
  readonly flags: string;
  /** This kind's transport for the service's options; null when they ask for none. */
  create(context: LinkKindContext): Transport | null;
}
