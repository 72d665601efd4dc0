/**
 * The lidar worker thread's module graph stays small: a worker starts once per trial with
 * enough robots, and importing a package's index instead of its light entry (the wire format,
 * the MQTT client, map-file decoders) more than doubles its start-up (0.7 against 0.3 CPU s).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('lidarThread.ts', () => {
  it('loads no third-party module and no package index until a controllers recipe comes', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./lidarThread.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    // The static graph: the modules of the controllers (the sdk's algorithms) are imported
    // dynamically, by a worker given a recipe (threadControl.ts).
    const graph = result.metafile.inputs;
    const entry = Object.keys(graph).find((path) => path.endsWith('sim/lidarThread.ts')) as string;
    const inputs: string[] = [];
    const seen = new Set<string>();
    for (const next = [entry]; next.length > 0;) {
      const path = next.pop() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      inputs.push(path);
      for (const i of graph[path]?.imports ?? []) if (i.kind === 'import-statement') next.push(i.path);
    }
    expect(inputs.some((path) => path.endsWith('sim/Lidar.ts'))).toBe(true);
    const dynamic = graph[entry]?.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path.split('/').slice(-3).join('/'));
    expect(dynamic).toEqual(['src/sim/threadControl.ts', 'sdk/src/index.ts']);
    expect(inputs.filter((path) => path.includes('node_modules/'))).toEqual([]);
    expect(inputs.filter((path) => /(protocols|maps|sdk)\/src\/index\.ts$/.test(path))).toEqual([]);
  });
});
