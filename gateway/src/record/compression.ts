/**
 * Chunk compression of recordings: zstd, which Foxglove and the MCAP tools read. A recording's
 * grids are mostly runs of one value (unknown, then free), so zstd shrinks a chunk 20-30 times
 * (BENCHMARKS.md), and @mcap/core's JavaScript CRC and copies of the written chunk run over
 * the compressed bytes only.
 *
 * @foxglove/wasm-zstd is the zstd library compiled to WebAssembly and shipped in the package
 * (nothing to build or download at install or run time). Its module loads asynchronously, so
 * this module waits for it once at import: `compressChunk` and `decompressHandlers` are then
 * usable synchronously, as @mcap/core's writer and readers call them.
 */
import zstd from '@foxglove/wasm-zstd';
import type { McapTypes } from '@mcap/core';

await zstd.isLoaded;

export const RECORDING_COMPRESSION = 'zstd';
/**
 * zstd's level: 1, its fastest positive level. On a recording's chunks it takes half the CPU of
 * level 3 (the default), for a file a few per cent larger; poses and scans (doubles) compress
 * poorly at any level, grids at all.
 */
const ZSTD_LEVEL = 1;
/**
 * The largest chunk a reader decompresses: the writer makes 1 MiB chunks (one message may make one
 * larger), and a corrupt chunk header could otherwise ask the WebAssembly heap for gigabytes.
 */
export const MAX_CHUNK_BYTES = 256 * 1024 * 1024;

/** @mcap/core McapWriter's `compressChunk`: a chunk's records compressed with zstd. */
export function compressChunk(chunkData: Uint8Array): { compression: string; compressedData: Uint8Array } {
  return { compression: RECORDING_COMPRESSION, compressedData: zstd.compress(chunkData, ZSTD_LEVEL) };
}

/** A zstd chunk decompressed to exactly `decompressedSize` bytes, or an error that says what was wrong. */
function decompressZstd(buffer: Uint8Array, decompressedSize: bigint): Uint8Array {
  if (decompressedSize > BigInt(MAX_CHUNK_BYTES)) {
    throw new Error(`zstd chunk claims ${decompressedSize} bytes uncompressed, more than the ${MAX_CHUNK_BYTES} a reader accepts (corrupt chunk header?)`);
  }
  const size = Number(decompressedSize);
  let out: Uint8Array;
  try {
    out = zstd.decompress(buffer, size);
  } catch (cause) {
    throw new Error(`zstd chunk of ${buffer.length} bytes does not decompress to ${size} bytes: corrupt or truncated (${(cause as Error).message})`, {
      cause,
    });
  }
  if (out.length !== size) throw new Error(`zstd chunk decompressed to ${out.length} bytes, its header says ${size}: corrupt or truncated`);
  return out;
}

/**
 * What every reader of recordings passes to @mcap/core (McapIndexedReader.Initialize and
 * McapStreamReader take `decompressHandlers`): the compressions recordings are written with.
 */
export const decompressHandlers: McapTypes.DecompressHandlers = { [RECORDING_COMPRESSION]: decompressZstd };
