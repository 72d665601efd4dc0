/**
 * The lidar worker thread's module graph stays small: a worker starts once per trial with
 * enough robots, and importing a package's index instead of its light entry (the wire format,
 * the MQTT client, map-file decoders) more than doubles its start-up (0.7 against 0.3 CPU s).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('lidarThread.ts', () => {
  it('loads no third-party module and no package index', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./lidarThread.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.endsWith('sim/Lidar.ts'))).toBe(true);
    expect(inputs.filter((path) => path.includes('node_modules/'))).toEqual([]);
    expect(inputs.filter((path) => /(protocols|maps|sdk)\/src\/index\.ts$/.test(path))).toEqual([]);
  });
});
