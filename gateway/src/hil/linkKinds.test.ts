import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { parseFleetFile } from './FleetFile.js';
import { buildLinks, LINK_KINDS, type LinkKind, type LinkKindContext } from './linkKinds.js';
import { MemoryLogger } from './Logger.js';
import { MqttBridge } from './MqttBridge.js';
import { RobotRegistry } from './RobotRegistry.js';
import type { RobotLinkPlugin } from './RobotLink.js';
import { SerialBridge } from './SerialBridge.js';

function context(serialPorts: readonly string[]): LinkKindContext {
  return {
    registry: new RobotRegistry({ keepaliveMs: 1000 }),
    logger: new MemoryLogger(),
    mqtt: { url: 'mqtt://127.0.0.1:1', fleet: 'lab' },
    serialPorts,
  };
}

describe('link kinds registry', () => {
  it('builds one transport per registered kind the options ask for, named after its kind (nothing connects yet)', () => {
    expect(LINK_KINDS.map((k) => k.name)).toEqual(['mqtt', 'serial']);
    const bare = buildLinks(context([]), LINK_KINDS);
    expect(bare.map((l) => l.name)).toEqual(['mqtt']);
    expect(bare[0]).toBeInstanceOf(MqttBridge);
    const withSerial = buildLinks(context(['/dev/null-port']), LINK_KINDS);
    expect(withSerial.map((l) => l.name)).toEqual(['mqtt', 'serial']);
    expect(withSerial[1]).toBeInstanceOf(SerialBridge);
  });

  it('iterates the registry it is given: a test-local kind is built with the context, one asking for none is skipped', () => {
    const seen: LinkKindContext[] = [];
    const loopback: LinkKind<'loopback'> = {
      name: 'loopback',
      doc: 'test kind',
      flags: '-',
      create(c): RobotLinkPlugin {
        seen.push(c);
        return { name: 'loopback', start: async () => {}, stop: async () => {}, carries: () => false, send: () => false, broadcast: () => 0 };
      },
    };
    const never: LinkKind<'never'> = { name: 'never', doc: 'test kind', flags: '-', create: () => null };
    const ctx = context([]);
    const links = buildLinks(ctx, [never, loopback]);
    expect(links.map((l) => l.name)).toEqual(['loopback']);
    expect(seen).toEqual([ctx]);
  });

  it("a fleet file's link: must name a registered kind, and the error lists them from the registry", () => {
    const fleet = (link: string) =>
      `fleet: lab\ngateway: { username: gw, password: gw-secret }\nrobots:\n  - id: mona-01\n    password: one\n    link: ${link}\n`;
    for (const kind of LINK_KINDS) expect(parseFleetFile(fleet(kind.name)).robots[0].link).toBe(kind.name);
    let caught: unknown;
    try {
      parseFleetFile(fleet('udp'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SwarmgateError);
    expect((caught as Error).message).toContain(`must be one of ${LINK_KINDS.map((k) => k.name).join(', ')}`);
  });
});
