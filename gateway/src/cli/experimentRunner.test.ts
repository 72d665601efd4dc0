import { describe, expect, it } from 'vitest';
import { designOf } from './experimentDesign.js';
import { laneConfig, runExperiment } from './experimentRunner.js';
import { parseYamlText } from './yamlSource.js';

describe('runExperiment', () => {
  it('stops every worker and rejects when a line cannot be recorded, recording nothing after it', async () => {
    const design = await designOf(parseYamlText('name: t\niterations: 4\nfixed: {map: "cave:30x30:seed=4", targets: {maxTicks: 100}}\n', 'd.yaml'), '/');
    const recorded: string[] = [];
    const full = new Error('ENOSPC: no space left on device');
    const pool = runExperiment(design, design.runs, 2, (line) => {
      recorded.push(line.runKey);
      throw full;
    });
    await expect(pool).rejects.toBe(full);
    // Any worker still busy is terminated: nothing is handed over after the failure.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(recorded).toHaveLength(1);
  }, 60_000);
});

describe('laneConfig', () => {
  it('gives a run one lidar thread when the runs already fill the cores, and leaves it alone otherwise', () => {
    expect(laneConfig({ robots: 40 }, 2, 2)).toEqual({ robots: 40, workers: 1 });
    expect(laneConfig({ robots: 40 }, 3, 2)).toEqual({ robots: 40, workers: 1 });
    // One run at a time on two cores: the trial's own default (2 threads from 32 robots) stands.
    expect(laneConfig({ robots: 40 }, 1, 2)).toEqual({ robots: 40 });
    // A design that sets workers keeps its number.
    expect(laneConfig({ robots: 40, workers: 2 }, 2, 2)).toEqual({ robots: 40, workers: 2 });
  });
});
