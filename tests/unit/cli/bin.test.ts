// The command's CommonJS entry (cli/bin.cjs): it sizes libuv's thread pool before any ES
// module loads (docs/decisions/0102-libuv-pool-sized-to-cores.md), keeps a size given in the environment, and runs the CLI.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'cli/bin.cjs');
const { threadPoolSize } = createRequire(import.meta.url)('../../../cli/thread-pool.cjs') as { threadPoolSize: (cores: number) => number };

/** `pressroom --version` through the entry, with the pool size the process ended with on stderr. */
function run(env: Record<string, string>) {
  const { UV_THREADPOOL_SIZE: _, ...rest } = process.env;
  const probe = `process.on('exit', () => process.stderr.write('pool=' + process.env.UV_THREADPOOL_SIZE)); process.argv = [process.argv[0], ${JSON.stringify(BIN)}, '--version']; require(${JSON.stringify(BIN)});`;
  return spawnSync(process.execPath, ['-e', probe], { cwd: ROOT, env: { ...rest, ...env }, encoding: 'utf8' });
}

describe('threadPoolSize', () => {
  it('is one thread fewer than the cores, at least one, at most four', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map(threadPoolSize)).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });
});

describe('cli/bin.cjs', () => {
  it('sizes the pool for the cores, then runs the command', () => {
    const r = run({});
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(r.stderr).toContain(`pool=${threadPoolSize(availableParallelism())}`);
  });

  it('keeps a size given in the environment', () => {
    expect(run({ UV_THREADPOOL_SIZE: '3' }).stderr).toContain('pool=3');
  });
});
