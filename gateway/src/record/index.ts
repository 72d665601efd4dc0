/** Recordings: MCAP files of trials (docs/recording.md). */
export { McapRecorder } from './McapRecorder.js';
export { WorldRecorder, type WorldRecorderOptions } from './WorldRecorder.js';
export { recordTrial } from './recordTrial.js';
export {
  readRecordedTrial,
  readRecordedTrialFile,
  withRecordingFile,
  bytesReadable,
  openRecording,
  type RecordedTrial,
  type RecordedConfig,
} from './trialRecording.js';
export { SCHEMA_NAMES, mcapSchema, messageType, type SchemaName, type McapSchema } from './recordingSchemas.js';
export { readReplayTrack, readRecordedMap, DEFAULT_MAX_REPLAY_POSES, type ReplayMeta, type ReplayReadOptions } from './replayTrack.js';
export { decompressHandlers } from './compression.js';
