/** The schema records hold a descriptor set a strict reader accepts: protoc decodes every recorded type with it. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mcapSchema, messageType, SCHEMA_NAMES } from './recordingSchemas.js';

const dir = mkdtempSync(join(tmpdir(), 'swarmgate-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function protocDecode(name: string, bytes: Uint8Array): string {
  const set = join(dir, `${name}.pb`);
  writeFileSync(set, mcapSchema(name as (typeof SCHEMA_NAMES)[number]).data);
  return execFileSync('protoc', [`--descriptor_set_in=${set}`, `--decode=${name}`], { input: bytes, encoding: 'utf8' });
}

describe('recording schemas', () => {
  it('every schema is protobuf, named as its type, and decodes with protoc from its own descriptor set', () => {
    for (const name of SCHEMA_NAMES) {
      const schema = mcapSchema(name);
      expect(schema.encoding).toBe('protobuf');
      expect(schema.name).toBe(name);
      expect(() => protocDecode(name, new Uint8Array(0)), name).not.toThrow();
    }
  });

  it('a Foxglove message decodes to the fields written, through the well-known Timestamp import', () => {
    const pose = messageType('foxglove.PoseInFrame');
    const bytes = pose
      .encode({ timestamp: { seconds: 3, nanos: 5 }, frame_id: 'map', pose: { position: { x: 1.5, y: 2, z: 0 }, orientation: { w: 1 } } })
      .finish();
    const text = protocDecode('foxglove.PoseInFrame', bytes);
    expect(text).toContain('seconds: 3');
    expect(text).toContain('frame_id: "map"');
    expect(text).toContain('x: 1.5');
  });
});
