/**
 * The lidar worker thread's module graph stays small: a worker starts once per trial with
 * enough robots, and importing a package's index instead of its light entry (the wire format,
 * the MQTT client, map-file decoders) more than doubles its start-up (0.7 against 0.3 CPU s).
 * It is also the bundle the worker runs (tsWorker.ts), so nothing in it may need a loader.
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from './testing/importGraph.js';
import { workerBundleOptions } from './tsWorker.js';

describe('lidarThread.ts', () => {
  it('bundles no third-party module, no package index and nothing of the main thread; controllers come later, from the sources', async () => {
    // The bundle's graph: the modules of the controllers (the sdk's algorithms) are imported
    // by computed specifiers, outside it, by a worker given a recipe (threadControl.ts).
    const inputs = (await importGraph(workerBundleOptions(new URL('./lidarThread.ts', import.meta.url)), 'sim/lidarThread.ts', true)).files;
    expect(inputs.some((path) => path.endsWith('sim/Lidar.ts'))).toBe(true);
    expect(inputs.filter((path) => /sim\/(LidarThreads|threadControl|tsWorker|World)\.ts$/.test(path))).toEqual([]);
    expect(inputs.filter((path) => path.includes('node_modules/'))).toEqual([]);
    expect(inputs.filter((path) => /(protocols|maps|sdk)\/src\/index\.ts$/.test(path))).toEqual([]);
  });
});
