/**
 * Recording the live trial on demand (POST /api/trial/recording/start and /stop, the web UI's
 * record switch, `record: true` on POST /api/trial): one MCAP file at a time in the recordings
 * folder, named by the server or by the request (a plain name, never a path). Stopping it, ending
 * or replacing the trial, or stopping the service finishes the file (summary and footer), so it
 * reads back like any `serve --record` file.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { McapRecorder } from '../record/McapRecorder.js';
import { isPlainName } from '../web/apiFiles.js';
import type { LiveTrial } from './LiveTrial.js';

export const RECORDING_EXTENSION = '.mcap';
/** A recording's name in a request: a plain name (apiFiles' FILE_NAME_PATTERN) ending in .mcap, at most 100 characters. */
export const RECORDING_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,94}\\.mcap$';

export interface RecordingStatus {
  /** True while the trial records (also for `serve --record`, whose file this switch does not own: name null). */
  readonly recording: boolean;
  /** The file in the recordings folder: the one being written, else the last one finished; null before any. */
  readonly name: string | null;
  /** Its size so far (the open chunk is not in it yet), or once finished. */
  readonly bytes: number | null;
  /** Wall-clock time it started (ms since the epoch). */
  readonly startedMs: number | null;
}

export interface RecordingSwitchOptions {
  /** The recordings folder (GET /api/recordings lists it); made when the first recording starts. */
  readonly folder: string;
  /** The trial recorded now: asked at each start, so a replaced trial is the new one. */
  readonly live: () => LiveTrial;
  /** Seconds between recorded scans, maps and metrics (default 1, as `serve --record`). */
  readonly everyS?: number;
  readonly clock?: Clock;
}

interface Current {
  readonly name: string;
  readonly live: LiveTrial;
  readonly recorder: McapRecorder;
  readonly startedMs: number;
}

/** A name the server chooses: the start time, to the millisecond, which sorts as the list does. */
function chosenName(nowMs: number): string {
  return `trial-${new Date(nowMs).toISOString().replace(/[:.]/g, '-')}${RECORDING_EXTENSION}`;
}

export class RecordingSwitch {
  private current: Current | null = null;
  private last: { readonly name: string; readonly startedMs: number } | null = null;
  /** Starts and stops run one after another: a start awaiting its file header is not raced by a stop. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly clock: Clock;

  constructor(private readonly options: RecordingSwitchOptions) {
    this.clock = options.clock ?? systemClock;
  }

  status(): RecordingStatus {
    const current = this.current;
    if (current) return { recording: true, name: current.name, bytes: this.sizeOf(current.name), startedMs: current.startedMs };
    // A trial recorded by `serve --record`: recording, into a file this switch did not open.
    const recording = this.options.live().recording;
    const last = this.last;
    if (recording || !last) return { recording, name: null, bytes: null, startedMs: null };
    return { recording: false, name: last.name, bytes: this.sizeOf(last.name), startedMs: last.startedMs };
  }

  /**
   * Starts recording the current trial into `name` (or a name of the server's choosing). A bad
   * name is SG_TRIAL_REQUEST (400); a file of that name, a recording already running or a
   * stopped trial is SG_TRIAL_STATE (409).
   */
  start(name?: string): Promise<RecordingStatus> {
    return this.serially(async () => {
      if (name !== undefined && !(isPlainName(name) && name.endsWith(RECORDING_EXTENSION))) {
        throw new SwarmgateError(
          'SG_TRIAL_REQUEST',
          `name: '${name}' is not a plain file name ending in ${RECORDING_EXTENSION} (letters, digits, '_', '-', '.'; no path)`,
        );
      }
      const live = this.options.live();
      if (live.recording) throw new SwarmgateError('SG_TRIAL_STATE', 'the trial is being recorded already: stop that recording first');
      if (live.state === 'stopped') throw new SwarmgateError('SG_TRIAL_STATE', 'the trial was stopped: cannot record it (create a new trial)');
      const startedMs = this.clock.nowMs();
      const file = name ?? chosenName(startedMs);
      const path = join(this.options.folder, file);
      if (existsSync(path)) throw new SwarmgateError('SG_TRIAL_STATE', `a recording '${file}' exists already: choose another name`);
      mkdirSync(this.options.folder, { recursive: true });
      const recorder = await McapRecorder.create(path);
      try {
        live.startRecording({ recorder, everyS: this.options.everyS });
      } catch (error) {
        await recorder.close();
        throw error;
      }
      this.current = { name: file, live, recorder, startedMs };
      return this.status();
    });
  }

  /** Finishes the recording (a valid MCAP with its summary); the status of the finished file, or null when none was running. */
  stop(): Promise<RecordingStatus | null> {
    return this.serially(async () => {
      const current = this.current;
      if (!current) return null;
      this.current = null;
      this.last = { name: current.name, startedMs: current.startedMs };
      current.live.stopRecording();
      await current.recorder.close();
      return this.status();
    });
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private sizeOf(name: string): number | null {
    try {
      return statSync(join(this.options.folder, name)).size;
    } catch {
      return null;
    }
  }
}
