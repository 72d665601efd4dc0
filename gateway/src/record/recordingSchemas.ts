/**
 * The protobuf schemas of a recording, as an MCAP channel needs them: the schema's full name,
 * and a FileDescriptorSet that defines it (what Foxglove and the MCAP tools decode with).
 *
 * Three sources, parsed once into one protobufjs Root (field names kept as in the .proto):
 * - Foxglove's message schemas (foxglove.Grid, foxglove.LaserScan, ...), generated as .proto
 *   text by @foxglove/schemas' own generator, so the file opens in Foxglove's panels;
 * - the wire schema (swarmgate.v1.*, protocols' .proto): commands and what physical robots
 *   sent are recorded as the bytes of the wire messages themselves;
 * - the recording's own messages (swarmgate.recording.v1, below): metrics, radio traffic and
 *   emergency stops, which have no wire or Foxglove form.
 */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor.js';
import foxglove from '@foxglove/schemas/internal.js';
import { PROTO_FILE } from '@swarmgate/protocols';

/** google.protobuf's well-known time types, which the Foxglove schemas use (and Foxglove reads as times). */
const WELL_KNOWN_PROTO = `syntax = "proto3";
package google.protobuf;
message Timestamp { int64 seconds = 1; int32 nanos = 2; }
message Duration { int64 seconds = 1; int32 nanos = 2; }`;

/** The recording's own messages. Units in the field names, as on the wire. */
const RECORDING_PROTO = `syntax = "proto3";
package swarmgate.recording.v1;

// The trial's metrics at one tick (a row of run --csv).
message Metrics {
  uint32 tick = 1;
  double explored_fraction = 2;
  double covered_fraction = 3;
  double distance_total_m = 4;
  uint32 collisions = 5;
  uint64 messages_sent = 6;
  uint32 comm_groups = 7;
  double largest_group_fraction = 8;
}

// One robot's radio traffic during one tick: what its controller sent and what was delivered to it.
message RadioTraffic {
  uint32 tick = 1;
  string robot_id = 2;
  uint32 messages_sent = 3;
  uint64 bytes_sent = 4;
  uint32 messages_delivered = 5;
  uint64 bytes_delivered = 6;
}

// An emergency stop or its release, as the trial applied it.
message EmergencyStop {
  string robot_id = 1; // empty: every robot
  bool released = 2;
  string reason = 3;
}`;

/** Every schema a recording may use, by full name. */
export const SCHEMA_NAMES = [
  'foxglove.PoseInFrame',
  'foxglove.LaserScan',
  'foxglove.Grid',
  'foxglove.SceneUpdate',
  'swarmgate.v1.Command',
  'swarmgate.v1.Telemetry',
  'swarmgate.v1.Envelope',
  'swarmgate.recording.v1.Metrics',
  'swarmgate.recording.v1.RadioTraffic',
  'swarmgate.recording.v1.EmergencyStop',
] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

/** An MCAP Schema record's content. */
export interface McapSchema {
  readonly name: SchemaName;
  readonly encoding: 'protobuf';
  readonly data: Uint8Array;
}

function buildRoot(): protobuf.Root {
  const root = new protobuf.Root();
  const parse = (text: string): void => void protobuf.parse(text, root, { keepCase: true });
  parse(WELL_KNOWN_PROTO);
  const { foxgloveMessageSchemas, foxgloveEnumSchemas, generateProto } = foxglove;
  for (const schema of Object.values(foxgloveMessageSchemas)) {
    // Timestamp and Duration are google.protobuf's, defined above.
    if (schema.protoEquivalent !== undefined) continue;
    const enums = Object.values(foxgloveEnumSchemas).filter((e) => e.parentSchemaName === schema.name);
    // Imports name files of Foxglove's tree; every type lands in this one root instead.
    parse(generateProto(schema, enums).replace(/^import .*$/gm, ''));
  }
  parse(readFileSync(PROTO_FILE, 'utf8'));
  parse(RECORDING_PROTO);
  root.resolveAll();
  return root;
}

let cache: { root: protobuf.Root; descriptorSet: Uint8Array } | null = null;

function schemas(): { root: protobuf.Root; descriptorSet: Uint8Array } {
  if (cache === null) {
    const root = buildRoot();
    // One descriptor set holds every type: each schema record carries it whole (a few kB), so
    // each is self-contained as MCAP asks.
    const set = (root as protobuf.Root & { toDescriptor(edition: string): descriptor.IFileDescriptorSet }).toDescriptor('proto3');
    cache = { root, descriptorSet: descriptor.FileDescriptorSet.encode(withImports(set)).finish() };
  }
  return cache;
}

/**
 * protobufjs writes one file per package and no imports, which protobufjs itself (and so
 * Foxglove) resolves by name; a strict reader (protoc, Python's descriptor pool) needs each
 * file's imports, listed before it, and google.protobuf's types in their own well-known files.
 */
function withImports(set: descriptor.IFileDescriptorSet): descriptor.IFileDescriptorSet {
  const files = (set.file ?? []).flatMap((file) =>
    file.package === 'google.protobuf'
      ? (file.messageType ?? []).map((type) => ({ ...file, name: `google/protobuf/${(type.name ?? '').toLowerCase()}.proto`, messageType: [type] }))
      : [file],
  );
  const fileOfType = new Map<string, string>();
  const index = (scope: string, types: readonly descriptor.IDescriptorProto[], enums: readonly descriptor.IEnumDescriptorProto[], file: string): void => {
    for (const e of enums) fileOfType.set(`${scope}.${e.name}`, file);
    for (const type of types) {
      fileOfType.set(`${scope}.${type.name}`, file);
      index(`${scope}.${type.name}`, type.nestedType ?? [], type.enumType ?? [], file);
    }
  };
  for (const file of files) index(`.${file.package}`, file.messageType ?? [], file.enumType ?? [], file.name ?? '');
  const referenced = (types: readonly descriptor.IDescriptorProto[]): string[] =>
    types.flatMap((type) => [...(type.field ?? []).map((field) => field.typeName ?? ''), ...referenced(type.nestedType ?? [])]);
  return {
    file: files.map((file) => {
      const imports = new Set<string>();
      for (const name of referenced(file.messageType ?? [])) {
        const source = fileOfType.get(name.startsWith('.') ? name : `.${name}`);
        if (source !== undefined && source !== file.name) imports.add(source);
      }
      return { ...file, dependency: [...imports] };
    }),
  };
}

/** The MCAP schema record of a message type. */
export function mcapSchema(name: SchemaName): McapSchema {
  return { name, encoding: 'protobuf', data: schemas().descriptorSet };
}

const types = new Map<SchemaName, protobuf.Type>();

/** The protobufjs type of a schema, to encode messages with (field names as in the .proto). */
export function messageType(name: SchemaName): protobuf.Type {
  // Kept: a lookup walks protobufjs's namespaces, and recorders ask every tick.
  let type = types.get(name);
  if (type === undefined) {
    type = schemas().root.lookupType(name);
    types.set(name, type);
  }
  return type;
}
