/**
 * @swarmgate/protocols: the wire protocol (swarmgate.v1), its serial framing, MQTT topic
 * names, limits and the MONA-class robot constants. Wire shapes, units and robot constants
 * live here and nowhere else.
 */
export * from './errors.js';
export * from './limits.js';
export * from './MonaSpec.js';
export * from './Envelope.js';
export * from './validateCommand.js';
export * from './topics.js';
export * from './mqttTls.js';
export { PROTO_FILE, PROTO_INCLUDE_DIR } from './protoFile.js';
export { keepSerialPollInterests, type SerialPoller } from './serialPoll.js';
export { cobsEncode, cobsDecode, cobsMaxEncodedLength } from './framing/cobs.js';
export { crc32c } from './framing/crc32c.js';
export { encodeFrame, encodeEnvelopeFrame, FRAME_DELIMITER } from './framing/encodeFrame.js';
export { FrameDecoder, MAX_STUFFED_FRAME_BYTES, type FrameDecoderEvents, type FrameDecoderCounters } from './framing/FrameDecoder.js';
export { wrapAngle } from './common/angle.js';
export { hypot2 } from './common/hypot.js';
export { Backoff, type BackoffOptions } from './common/Backoff.js';
export { systemClock, ManualClock, type Clock, type TimerHandle } from './common/Clock.js';
export * from './mqtt/ReconnectingMqttClient.js';
export * from './mqtt/brokerUrls.js';
export * from './mqtt/refusalHints.js';
export { Random } from './common/Random.js';
export { ByteWriter } from './common/ByteWriter.js';
export * from './live/index.js';
