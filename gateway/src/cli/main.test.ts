import { describe, expect, it } from 'vitest';
import { runSwarmgate } from './testing/runSwarmgate.js';

describe('swarmgate: errors a command leaves to main', () => {
  it.each([
    [['map', 'generate', 'cave', '-o', '/nonexistent-dir/x.png'], "swarmgate map: ENOENT: no such file or directory, open '/nonexistent-dir/x.png'"],
    [
      ['run', '--map', 'cave:30x30:seed=1', '--max-ticks', '5', '--json', '/nonexistent-dir/r.json'],
      "swarmgate run: ENOENT: no such file or directory, open '/nonexistent-dir/r.json'",
    ],
  ])(
    'a file it cannot write is one line and exit 1, not a stack trace: %j',
    async (args, line) => {
      const r = await runSwarmgate(...args);
      expect(r.stderr).toBe(`${line}\n`);
      expect(r.code).toBe(1);
    },
    60_000,
  );
});
