import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McapIndexedReader, McapStreamReader, type McapTypes } from '@mcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressChunk, decompressHandlers, MAX_CHUNK_BYTES, RECORDING_COMPRESSION } from './compression.js';
import { recordTestTrial } from './testing/recordTestTrial.js';
import { bytesReadable } from './trialRecording.js';

const decompress = decompressHandlers[RECORDING_COMPRESSION];
let dir = '';
let recording: Uint8Array = new Uint8Array(0);
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-compression-'));
  ({ bytes: recording } = await recordTestTrial(join(dir, 'trial.mcap'), { robots: 2, seed: 3, maxTicks: 40 }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function indexed(bytes: Uint8Array, handlers?: McapTypes.DecompressHandlers): Promise<McapIndexedReader> {
  return McapIndexedReader.Initialize({ readable: bytesReadable(bytes), decompressHandlers: handlers });
}

async function messageCount(reader: McapIndexedReader): Promise<number> {
  let n = 0;
  for await (const message of reader.readMessages()) if (message.data.length > 0) n++;
  return n;
}

/** Where a chunk's compressed records start: opcode, length, start and end times, size, CRC, the compression's name, the records' length. */
function recordsOffset(chunk: McapTypes.ChunkIndex): number {
  return Number(chunk.chunkStartOffset) + 1 + 8 + 8 + 8 + 8 + 4 + 4 + chunk.compression.length + 8;
}

describe('zstd chunks', () => {
  it('compress and decompress back to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        const { compression, compressedData } = compressChunk(bytes);
        expect(compression).toBe('zstd');
        expect(Uint8Array.from(decompress(compressedData, BigInt(bytes.length)))).toEqual(bytes);
      }),
    );
  });

  it('are how a recording is written, and every message reads back through decompressHandlers (and none without)', async () => {
    const reader = await indexed(recording, decompressHandlers);
    expect(reader.chunkIndexes.length).toBeGreaterThan(0);
    for (const chunk of reader.chunkIndexes) {
      expect(chunk.compression).toBe('zstd');
      expect(chunk.compressedSize).toBeLessThan(chunk.uncompressedSize);
    }
    expect(await messageCount(reader)).toBe(Number(reader.statistics?.messageCount));
    await expect(messageCount(await indexed(recording))).rejects.toThrow('Unsupported compression zstd');
  });

  it('that are corrupt or truncated fail the reader with an error naming zstd, not a crash', async () => {
    const chunk = (await indexed(recording, decompressHandlers)).chunkIndexes[0];
    const corrupt = Uint8Array.from(recording);
    corrupt.fill(0xa5, recordsOffset(chunk) + 4, recordsOffset(chunk) + 40);
    await expect(messageCount(await indexed(corrupt, decompressHandlers))).rejects.toThrow(
      /zstd chunk of \d+ bytes does not decompress to \d+ bytes: corrupt or truncated/,
    );
    const stream = new McapStreamReader({ validateCrcs: true, decompressHandlers });
    stream.append(corrupt);
    expect(() => {
      while (stream.nextRecord());
    }).toThrow(/zstd chunk .* corrupt or truncated/);
    const records = recording.subarray(recordsOffset(chunk), recordsOffset(chunk) + Number(chunk.compressedSize));
    expect(() => decompress(records.subarray(0, records.length >> 1), chunk.uncompressedSize)).toThrow(/corrupt or truncated/);
  });

  it('whose header claims more than a reader accepts are refused before any memory is asked for', () => {
    expect(() => decompress(new Uint8Array(16), BigInt(MAX_CHUNK_BYTES) + 1n)).toThrow(/claims \d+ bytes uncompressed, more than the \d+ a reader accepts/);
  });

  it('decompress arbitrary bytes to the size asked or throw an Error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), fc.nat(1 << 16), (bytes, size) => {
        let out: Uint8Array | undefined;
        try {
          out = decompress(bytes, BigInt(size));
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          return;
        }
        expect(out.length).toBe(size);
      }),
    );
  });
});
