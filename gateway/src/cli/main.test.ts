import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@swarmgate/protocols';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';
import { lazyCommand } from './Command.js';
import { commands } from './main.js';
import { subcommands } from './experiment.js';

describe('swarmgate: errors a command leaves to main', () => {
  it.each([
    [['map', 'generate', 'cave', '-o', '/nonexistent-dir/x.png'], "swarmgate map: ENOENT: no such file or directory, open '/nonexistent-dir/x.png'"],
    // run checks its output paths before the trial (run.test.ts: no folder, a folder in place of the
    // file); a full disk (/dev/full) fails only at the write.
    [['run', '--map', 'cave:30x30:seed=1', '--max-ticks', '5', '--json', '/dev/full'], 'swarmgate run: ENOSPC: no space left on device, write'],
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

describe('swarmgate: the command list', () => {
  it('lists every command with its summary, and each one named runs (its module loaded on demand)', async () => {
    const help = await runSwarmgate('--help');
    expect(help.code).toBe(0);
    for (const c of commands) expect(help.stdout).toContain(`  ${c.name.padEnd(10)} ${c.summary}\n`);
    for (const c of commands) {
      const r = await runSwarmgate(c.name, '--help');
      expect(r.code, `${c.name} --help: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage:\\s+swarmgate ${c.name}\\b`));
    }
  }, 120_000);

  it('a mistyped command or flag is named on the first line, with the one it most likely meant (main, in this process)', async () => {
    const firstLine = async (...args: string[]) => {
      const r = await runMain(...args);
      expect(r.code).toBe(2);
      return r.stderr.split('\n')[0];
    };
    expect(await firstLine('rnu', '--map', 'cave')).toBe("swarmgate: unknown command 'rnu' (did you mean 'run'?)");
    expect(await firstLine('frobnicate')).toBe("swarmgate: unknown command 'frobnicate'");
    // node's parseArgs would go on about positional arguments that start with '-'.
    expect(await firstLine('run', '--map', 'cave', '--robot', '3')).toBe("swarmgate run: unknown option '--robot' (did you mean '--robots'?)");
    expect(await firstLine('run', '--map', 'cave', '--lidar', '7')).toBe("swarmgate run: unknown option '--lidar' (did you mean '--lidar-range'?)");
    expect(await firstLine('run', '--map', 'cave', '--frobnicate')).toBe("swarmgate run: unknown option '--frobnicate'");
    expect(await firstLine('run', '--map', 'cave', '-x')).toBe("swarmgate run: unknown option '-x'");
    expect(await firstLine('experiment', 'run', 'design.yaml', '--out', 'x', '--resum')).toBe(
      "swarmgate experiment: unknown option '--resum' (did you mean '--resume'?)",
    );
  });

  it('--version prints the package and protocol versions', async () => {
    const r = await runSwarmgate('--version');
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(r).toEqual({
      code: 0,
      stdout: `swarmgate ${version} (protocol swarmgate.v${PROTOCOL_VERSION.major}, ${PROTOCOL_VERSION.major}.${PROTOCOL_VERSION.minor})\n`,
      stderr: '',
    });
  }, 60_000);

  it("experiment's summary names exactly its subcommands, each of which runs", async () => {
    const experiment = commands.find((c) => c.name === 'experiment');
    expect(experiment?.summary).toBe(`experiments over many trials (${subcommands.map((c) => c.name).join(', ')})`);
    for (const c of subcommands) {
      const r = await runSwarmgate('experiment', c.name, '--help');
      expect(r.code, `experiment ${c.name} --help: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/^Usage: swarmgate experiment /);
      expect(r.stdout).toMatch(new RegExp(`^\\s*(Usage: )?swarmgate experiment ${c.name}\\b`, 'm'));
    }
  }, 120_000);
});

describe('lazyCommand', () => {
  it('loads its module only when run, and passes the arguments and the exit code through', async () => {
    const loads: string[][] = [];
    const command = lazyCommand('x', 'does x', async () => {
      loads.push([]);
      return async (argv) => {
        loads[loads.length - 1]?.push(...argv);
        return argv.length;
      };
    });
    expect(loads).toHaveLength(0);
    expect(await command.run(['a', 'b'])).toBe(2);
    expect(loads).toEqual([['a', 'b']]);
  });
});
