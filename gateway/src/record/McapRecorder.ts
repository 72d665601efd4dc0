/**
 * An MCAP file being written: channels by topic, messages queued by the caller's loop and
 * written by flush(), metadata, and close. The tick loop only encodes and queues (no await per
 * message); `run` flushes after each tick and `serve` on a timer, so the file grows as the trial
 * runs and a crash loses at most the open chunk.
 *
 * Writes are synchronous on the file descriptor: @mcap/core's writer is async, but a chunk
 * written with writeSync costs the loop the same time without a trip through libuv per write.
 * Chunks are compressed with zstd (compression.ts): readers pass its `decompressHandlers`.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { McapWriter, type IWritable } from '@mcap/core';
import { compressChunk } from './compression.js';
import { mcapSchema, type SchemaName } from './recordingSchemas.js';

/** The MCAP profile: none of the ROS ones (our schemas are protobuf). */
const PROFILE = '';
const LIBRARY = 'swarmgate';

interface QueuedMessage {
  readonly topic: string;
  readonly schema: SchemaName;
  readonly logTimeNs: bigint;
  readonly data: Uint8Array;
}

/** A file descriptor as @mcap/core's IWritable. */
class FdWritable implements IWritable {
  private offset = 0n;
  constructor(readonly fd: number) {}
  write(buffer: Uint8Array): Promise<void> {
    let done = 0;
    while (done < buffer.length) done += writeSync(this.fd, buffer, done);
    this.offset += BigInt(buffer.length);
    return Promise.resolve();
  }
  position(): bigint {
    return this.offset;
  }
}

export class McapRecorder {
  private readonly channels = new Map<string, number>();
  private readonly schemas = new Map<SchemaName, number>();
  private queue: QueuedMessage[] = [];
  /** The write in progress: flushes run one after another, as @mcap/core's writer needs. */
  private writing: Promise<void> = Promise.resolve();
  private sequence = 0;
  private closed = false;

  private constructor(
    private readonly writer: McapWriter,
    private readonly writable: FdWritable,
  ) {}

  /** Creates (or truncates) `path` and writes the MCAP header. */
  static async create(path: string): Promise<McapRecorder> {
    const writable = new FdWritable(openSync(path, 'w'));
    const writer = new McapWriter({ writable, compressChunk });
    await writer.start({ profile: PROFILE, library: LIBRARY });
    return new McapRecorder(writer, writable);
  }

  /** Queues one message on `topic` (its channel is created with `schema` on first use). */
  add(topic: string, schema: SchemaName, logTimeNs: bigint, data: Uint8Array): void {
    if (!this.closed) this.queue.push({ topic, schema, logTimeNs, data });
  }

  /**
   * Writes the queued messages in the order they were added, after any flush still writing;
   * a failed write (a full disk) fails this flush and every later one.
   */
  flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: readonly QueuedMessage[]): Promise<void> {
    for (const m of batch) {
      const channelId = this.channels.get(m.topic) ?? (await this.createChannel(m.topic, m.schema));
      await this.writer.addMessage({ channelId, sequence: this.sequence++, logTime: m.logTimeNs, publishTime: m.logTimeNs, data: m.data });
    }
  }

  /** A metadata record: a named map of strings (the trial configuration, the final hash). */
  async metadata(name: string, entries: Readonly<Record<string, string>>): Promise<void> {
    await this.flush();
    await this.writer.addMetadata({ name, metadata: new Map(Object.entries(entries)) });
  }

  /** Writes what is queued, the summary and the footer, and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    try {
      await this.writer.end();
    } finally {
      closeSync(this.writable.fd);
    }
  }

  private async createChannel(topic: string, schemaName: SchemaName): Promise<number> {
    let schemaId = this.schemas.get(schemaName);
    if (schemaId === undefined) {
      schemaId = await this.writer.registerSchema(mcapSchema(schemaName));
      this.schemas.set(schemaName, schemaId);
    }
    const id = await this.writer.registerChannel({ topic, schemaId, messageEncoding: 'protobuf', metadata: new Map() });
    this.channels.set(topic, id);
    return id;
  }
}
