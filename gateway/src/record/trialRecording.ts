/**
 * What makes a recording of a virtual-only trial re-runnable: two MCAP metadata records, the
 * trial's configuration (written at start, the flags of `swarmgate run` as given) and its result
 * (written at the end: the final state hash and tick count). `run --verify` reads them back
 * here, re-runs the configuration and compares the hashes.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { McapIndexedReader, type McapTypes } from '@mcap/core';
import { SwarmgateError } from '../errors.js';
import { decompressHandlers } from './compression.js';

export const TRIAL_CONFIG_METADATA = 'swarmgate.trial.config';
export const TRIAL_RESULT_METADATA = 'swarmgate.trial.result';

/** A trial's configuration: `swarmgate run` option names (no dashes) to their values as given. */
export type RecordedConfig = Readonly<Record<string, string>>;

export interface RecordedTrial {
  readonly config: RecordedConfig;
  readonly finalStateHash: string;
  readonly ticks: number;
}

/** The metadata record of a trial's result. */
export function resultMetadata(finalStateHash: string, ticks: number): Record<string, string> {
  return { finalStateHash, ticks: String(ticks) };
}

/** The reader asks for the ranges a (possibly corrupt) footer names: one beyond the end is the file's fault. */
function checkRange(offset: bigint, length: bigint, size: bigint): void {
  if (offset < 0n || length < 0n || offset + length > size) throw new Error(`read of ${length} bytes at ${offset} is beyond the end (${size} bytes)`);
}

/** Bytes in memory as @mcap/core's random-access readable (tests, and what fast-check feeds). */
export function bytesReadable(bytes: Uint8Array): McapTypes.IReadable {
  return {
    size: () => Promise.resolve(BigInt(bytes.length)),
    read: async (offset, length) => {
      checkRange(offset, length, BigInt(bytes.length));
      return bytes.subarray(Number(offset), Number(offset + length));
    },
  };
}

/** An indexed reader of a recording, with the chunk decompression every swarmgate recording needs. */
export function openRecording(readable: McapTypes.IReadable): Promise<McapIndexedReader> {
  return McapIndexedReader.Initialize({ readable, decompressHandlers });
}

/** Reads the trial records of a recording; `source` names it in errors. Throws SG_RECORDING_FORMAT or SG_RECORDING_NO_TRIAL. */
export async function readRecordedTrial(readable: McapTypes.IReadable, source: string): Promise<RecordedTrial> {
  let config: Map<string, string> | undefined;
  let result: Map<string, string> | undefined;
  try {
    const reader = await openRecording(readable);
    for await (const record of reader.readMetadata()) {
      if (record.name === TRIAL_CONFIG_METADATA) config = record.metadata;
      if (record.name === TRIAL_RESULT_METADATA) result = record.metadata;
    }
  } catch (cause) {
    throw new SwarmgateError(
      'SG_RECORDING_FORMAT',
      `${source} is not a readable MCAP recording (not MCAP, truncated or corrupt): ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
  const hash = result?.get('finalStateHash');
  const ticks = Number(result?.get('ticks'));
  if (config === undefined || hash === undefined || !Number.isInteger(ticks)) {
    const missing = config === undefined ? `metadata '${TRIAL_CONFIG_METADATA}'` : `metadata '${TRIAL_RESULT_METADATA}' (finalStateHash, ticks)`;
    throw new SwarmgateError('SG_RECORDING_NO_TRIAL', `${source} holds no ${missing}: only a recording of a virtual-only 'swarmgate run' can be verified`);
  }
  return { config: Object.fromEntries(config), finalStateHash: hash, ticks };
}

/** readRecordedTrial on a file, read in the ranges the reader asks for (a recording can be large). */
export function readRecordedTrialFile(path: string): Promise<RecordedTrial> {
  return withRecordingFile(path, (readable) => readRecordedTrial(readable, path));
}

/**
 * Runs `read` on a recording file as a random-access readable (the ranges the reader asks for), and closes the file. Throws SG_RECORDING_FORMAT when it cannot be opened or is no regular file.
 * Opened non-blocking: opening a FIFO blocks until a writer comes, and a recording is read at random places a pipe cannot give.
 */
export async function withRecordingFile<T>(path: string, read: (readable: McapTypes.IReadable) => Promise<T>): Promise<T> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    throw new SwarmgateError('SG_RECORDING_FORMAT', `cannot open recording ${path}: ${(cause as Error).message}`, { cause });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new SwarmgateError('SG_RECORDING_FORMAT', `cannot read recording ${path}: not a file (a directory, a pipe or a device)`);
    const size = BigInt(stats.size);
    const file = handle;
    const readable: McapTypes.IReadable = {
      size: () => Promise.resolve(size),
      read: async (offset, length) => {
        checkRange(offset, length, size);
        const buffer = new Uint8Array(Number(length));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, Number(offset));
        if (bytesRead !== buffer.length) throw new Error(`short read at ${offset}`);
        return buffer;
      },
    };
    return await read(readable);
  } finally {
    await handle.close();
  }
}
