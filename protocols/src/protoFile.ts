/**
 * Where the wire schema's .proto lives, for the tools that need the schema itself rather than
 * the generated code: the code generator and protoc tests, and recordings (an MCAP channel
 * names its protobuf schema by a descriptor built from this file).
 */
import { fileURLToPath } from 'node:url';

/** The folder passed as the include path (`-I`): imports are relative to it. */
export const PROTO_INCLUDE_DIR = fileURLToPath(new URL('../proto', import.meta.url));
/** protocols/proto/swarmgate/v1/swarmgate.proto, the one wire schema. */
export const PROTO_FILE = fileURLToPath(new URL('../proto/swarmgate/v1/swarmgate.proto', import.meta.url));
