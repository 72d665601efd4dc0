/**
 * A size budget on each MQTT connection, in front of aedes. aedes (through mqtt-packet) buffers
 * a packet whole, however large its fixed header says it is (MQTT allows 268,435,455 bytes),
 * and has no limit of its own: a few connections streaming one huge CONNECT each, before any
 * login, would hold gigabytes. So the fixed header of every packet is read as the bytes pass,
 * and a packet declaring more than the budget, or a malformed Remaining Length, ends the
 * connection before its body is buffered.
 */
import { Duplex } from 'node:stream';

/** Why a connection was ended. */
export interface MqttPacketProblem {
  readonly message: string;
  /** The Remaining Length the packet declared; absent when it could not be read. */
  readonly declaredBytes?: number;
}

/** A Remaining Length is at most 4 bytes (MQTT 3.1.1 section 2.2.3, MQTT 5 section 1.5.5). */
const MAX_LENGTH_BYTES = 4;
/** A packet's fixed header: its type byte and its Remaining Length. */
export const MQTT_FIXED_HEADER_MAX_BYTES = 1 + MAX_LENGTH_BYTES;

/**
 * Follows packet boundaries in an MQTT byte stream (either direction's framing is the same): the
 * type byte, the Remaining Length, then the body skipped. Fed chunks as they arrive, cut anywhere.
 */
export class MqttPacketSizes {
  private phase: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  private bodyLeft = 0;

  constructor(private readonly maxBytes: number) {}

  /** Null while every packet seen fits the budget; else what was wrong (the stream is lost then). */
  scan(chunk: Uint8Array): MqttPacketProblem | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.phase === 'body') {
        const take = Math.min(this.bodyLeft, chunk.length - i);
        i += take;
        this.bodyLeft -= take;
        if (this.bodyLeft === 0) this.phase = 'type';
        continue;
      }
      const byte = chunk[i++];
      if (this.phase === 'type') {
        this.phase = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes === MAX_LENGTH_BYTES) return { message: `an MQTT Remaining Length runs past ${MAX_LENGTH_BYTES} bytes (malformed packet)` };
        continue;
      }
      if (this.length > this.maxBytes) {
        return { message: `an MQTT packet declares ${this.length} bytes, over MAX_MQTT_PACKET_BYTES (${this.maxBytes})`, declaredBytes: this.length };
      }
      this.bodyLeft = this.length;
      this.phase = this.length === 0 ? 'type' : 'body';
    }
    return null;
  }
}

/**
 * The connection aedes is handed instead of `socket`: the same bytes both ways, but the incoming
 * ones pass MqttPacketSizes first; on a problem `onRefused` hears it and both ends close.
 */
export function guardMqttPackets(socket: Duplex, maxBytes: number, onRefused: (problem: MqttPacketProblem) => void): Duplex {
  const sizes = new MqttPacketSizes(maxBytes);
  const guarded = new Duplex({
    allowHalfOpen: false,
    read: () => void socket.resume(),
    write: (chunk: Buffer, _encoding, callback) => void socket.write(chunk, callback),
    final: (callback) => void socket.end(callback),
    destroy: (error, callback) => {
      socket.destroy();
      callback(error);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    const problem = sizes.scan(chunk);
    if (problem !== null) {
      socket.pause();
      onRefused(problem);
      guarded.destroy();
      return;
    }
    if (!guarded.push(chunk)) socket.pause();
  });
  socket.on('end', () => guarded.push(null));
  socket.on('error', (error) => guarded.destroy(error));
  socket.on('close', () => guarded.destroy());
  return guarded;
}
