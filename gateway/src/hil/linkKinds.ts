/**
 * The robot link kinds, registered explicitly (nothing registers itself on import): LiveService
 * builds a transport of each, fleet files name them in `link:`, and `swarmgate list links`
 * prints them. A new kind is one file hil/link<Name>.ts exporting a `LinkKind` plus one line here.
 */
import { mqttLink } from './linkMqtt.js';
import { serialLink } from './linkSerial.js';
import type { LinkKind, LinkKindContext } from './LinkKind.js';

export type { LinkKind, LinkKindContext };

export const LINK_KINDS = [mqttLink, serialLink] as const;

/** A physical robot's link: the name of a registered kind. */
export type PhysicalLink = (typeof LINK_KINDS)[number]['name'];

/** The built-in kind of a robot simulated in the World: no transport. */
export const VIRTUAL_LINK = {
  name: 'virtual',
  doc: 'A robot simulated in the World (serve --robots N); no transport, built in.',
  flags: '--robots N',
} as const;

/** Every given kind's transport for these options, in registry order (kinds that ask for none skipped). */
export function buildLinks<K extends LinkKind>(context: LinkKindContext, kinds: readonly K[]): NonNullable<ReturnType<K['create']>>[] {
  return kinds.flatMap((kind) => (kind.create(context) as ReturnType<K['create']>) ?? []);
}
